import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { closeRealtime, connectRealtime, isPlayLocation, leaveGame } from '../lib/realtime';
import { useSession } from '../lib/session';
import { useUi } from '../lib/ui';
import { AlertHost, LoadingBar, ToastHost, UpdateToast } from './hosts';
import { depositPaid } from './flows';
import { OverlayHost } from './OverlayHost';

const SessionSync = lazy(() => import('./SessionSync'));

// The wallet's realtime events, the increase-bonus and gift popups load with the first sign-in, not before. The
// gift check comes without the rest of the wallet (its screens load zod).
const RealtimeHost = lazy(() => import('../features/realtime').then((m) => ({ default: m.RealtimeHost })));
const GiftCheck = lazy(() => import('../features/wallet/gift').then((m) => ({ default: m.GiftCheck })));

function WalletRealtime() {
  const token = useSession((s) => s.token);
  return token ? (
    <Suspense fallback={null}>
      <RealtimeHost onPaid={depositPaid} />
      <GiftCheck />
    </Suspense>
  ) : null;
}

/** Session side effects (spec section 4): user info freshness, the realtime connection, leaving games. */
function SessionEffects() {
  const token = useSession((s) => s.token);
  const { pathname, hash } = useLocation();

  // Login state changed: connect or close the realtime connection; reset game-deposit and bonus popups.
  useEffect(() => {
    const { overlay } = useUi.getState();
    if (overlay === 'gameDeposit') useUi.setState({ overlay: null });
    if (!token) closeRealtime();
  }, [token]);

  useEffect(() => {
    if (token && !isPlayLocation(pathname, hash)) void connectRealtime(token);
  }, [token, pathname, hash]);

  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current !== pathname) leaveGame(previous.current);
    previous.current = pathname;
  }, [pathname]);
  return token ? (
    <Suspense fallback={null}>
      <SessionSync token={token} />
    </Suspense>
  ) : null;
}

/**
 * The browser tab's title (and the installed app's, in the phone's task switcher and history): the page's name in
 * the player's language when the shared dictionary names it ("Dice — Aposta"), the app's own title otherwise.
 */
function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const [, segment = '', id = ''] = useLocation().pathname.split('/');
  const key = `pages.${segment}`;
  const title = i18n.exists(key)
    ? t('common.pageTitle', { page: t(key as 'pages.vip', { id }) })
    : t('common.appTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

export function Root() {
  return (
    <>
      <DocumentTitle />
      <SessionEffects />
      <Outlet />
      <OverlayHost />
      <WalletRealtime />
      <AlertHost />
      <ToastHost />
      <UpdateToast />
      <LoadingBar />
    </>
  );
}
