import { TERMS_VERSION } from '@aposta/contracts';
import { lazy, Suspense } from 'react';
import { useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { useBackButton } from '../lib/back-button';
import { useSession } from '../lib/session';
import { go } from '../lib/navigation';
import { alertMessage, closeOverlay, openOverlay, useUi } from '../lib/ui';
import { i18n } from '../lib/i18n';
import { depositPaid, kycSaved, logout, signInWithToken } from './flows';

// Every overlay is its own chunk: the first load carries none of them.
const AuthOverlay = lazy(() => import('../features/auth').then((m) => ({ default: m.AuthOverlay })));
const ForgotPasswordOverlay = lazy(() =>
  import('../features/auth').then((m) => ({ default: m.ForgotPasswordOverlay })),
);
const AccountPanel = lazy(() => import('../features/account').then((m) => ({ default: m.AccountPanel })));
const AvatarPicker = lazy(() => import('../features/account').then((m) => ({ default: m.AvatarPicker })));
const ChangePasswordOverlay = lazy(() =>
  import('../features/account').then((m) => ({ default: m.ChangePasswordOverlay })),
);
const KycOverlay = lazy(() => import('../features/account').then((m) => ({ default: m.KycOverlay })));
const TestAccountPopup = lazy(() =>
  import('../features/account').then((m) => ({ default: m.TestAccountPopup })),
);
const SettingsMenu = lazy(() => import('../features/menu').then((m) => ({ default: m.SettingsMenu })));
const LanguagePicker = lazy(() => import('../features/menu').then((m) => ({ default: m.LanguagePicker })));
const ChatPanel = lazy(() => import('../features/support').then((m) => ({ default: m.ChatPanel })));
const StartMask = lazy(() => import('../features/start-mask').then((m) => ({ default: m.StartMask })));
const SignInSheet = lazy(() => import('../features/start-mask').then((m) => ({ default: m.SignInSheet })));
const InstallSheet = lazy(() => import('../features/pwa').then((m) => ({ default: m.InstallSheet })));
const PushToggle = lazy(() => import('../features/pwa').then((m) => ({ default: m.PushToggle })));
// Without the responsible-gaming page and its schemas (zod): on every page of a signed-in player.
const RealityCheck = lazy(() => import('../features/rg/reality').then((m) => ({ default: m.RealityCheck })));
// Without the terms' text: only for a signed-in player who accepted an older version of the terms.
const TermsUpdate = lazy(() => import('../features/legal/update').then((m) => ({ default: m.TermsUpdate })));
const WalletOverlay = lazy(() => import('../features/wallet').then((m) => ({ default: m.WalletOverlay })));

/**
 * Deposit after KYC: every way into a deposit (a tab, the 9999 error, a realtime event, the gift popup) meets
 * the KYC gate here, so the wallet needs nothing of the account feature: editBank first, then the deposit.
 */
function useKycGate(overlay: string | null): boolean {
  const kycMissing = useSession((s) => s.user !== null && s.user.kyc !== 1);
  const gated =
    kycMissing && (overlay === 'deposit' || overlay === 'gameDeposit' || overlay === 'bonusDeposit');
  useEffect(() => {
    if (!gated) return;
    const { depositMode, depositFor } = useUi.getState();
    // A game deposit continues as one, for the stake it was opened for.
    const game = overlay === 'gameDeposit';
    openOverlay('editBank', {
      afterKyc: game ? 'gameDeposit' : 'deposit',
      depositMode,
      depositFor: game ? depositFor : null,
    });
  }, [gated, overlay]);
  return gated;
}

function Overlay() {
  const overlay = useUi((s) => s.overlay);
  if (useKycGate(overlay)) return null;
  switch (overlay) {
    case 'login':
    case 'register':
      return <AuthOverlay tab={overlay} onSignedIn={signInWithToken} />;
    case 'forgot':
      return <ForgotPasswordOverlay />;
    case 'editBank':
      return <KycOverlay onSaved={kycSaved} />;
    case 'changePwd':
      return <ChangePasswordOverlay onLogout={logout} />;
    case 'deposit':
    case 'withdraw':
    case 'gameDeposit':
    case 'bonusDeposit':
      return <WalletOverlay kind={overlay} onPaid={depositPaid} />;
    case 'signInSheet':
      return <SignInSheet />;
    case 'language':
      return <LanguagePicker />;
    case 'install':
      return <InstallSheet onClose={closeOverlay} />;
    default:
      return null;
  }
}

/**
 * Whether the signed-in player must accept the current terms: they accepted a version (userInfo) and it is an
 * older one. None recorded (null: an account from before the record, or registered over the API, which does not
 * require the field) asks nothing, so the sheet never stands between such a player and the app. Not on /termos
 * itself (the sheet's link opens it), nor from a stored copy of user info older than the field (undefined).
 */
function useTermsDue(): boolean {
  const { pathname } = useLocation();
  const due = useSession((s) => {
    const version = s.user?.termsVersion;
    return Boolean(s.token) && typeof version === 'string' && version !== TERMS_VERSION;
  });
  return due && pathname !== '/termos';
}

/** The side menus, panels and overlays a back press closes (not the start mask or a prompt to answer). */
const closeLayers = () =>
  useUi.setState({ overlay: null, menuOpen: false, accountOpen: false, avatarOpen: false, chatOpen: false });

/** Side menus, panels and overlays, in stacking order. */
export function OverlayHost() {
  const { menuOpen, accountOpen, avatarOpen, chatOpen, startMask, maskHeld, testPopup, overlay } = useUi();
  const signedIn = useSession((s) => Boolean(s.token));
  const termsDue = useTermsDue();
  // The phone's back button closes what is open over the page, rather than changing the page beneath it.
  useBackButton(Boolean(overlay) || menuOpen || accountOpen || avatarOpen || chatOpen, closeLayers);
  return (
    // An overlay whose code did not come in closes, and says so, rather than taking the app off the screen.
    <ErrorBoundary
      fallback={null}
      onError={() => {
        closeLayers();
        void alertMessage(i18n.t('common.loadFailed'));
      }}
      resetKeys={[overlay, menuOpen, accountOpen, avatarOpen, chatOpen]}
    >
      <Suspense fallback={null}>
        {menuOpen ? <SettingsMenu extra={<PushToggle />} /> : null}
        {accountOpen ? <AccountPanel onLogout={logout} /> : null}
        {avatarOpen ? <AvatarPicker /> : null}
        {chatOpen ? <ChatPanel /> : null}
        {startMask && !overlay && !maskHeld ? <StartMask /> : null}
        <Overlay />
        {testPopup && !startMask && !overlay ? <TestAccountPopup /> : null}
        {signedIn ? (
          <RealityCheck onStop={() => void logout()} onLimits={() => go('/jogoResponsavel')} />
        ) : null}
        {termsDue ? <TermsUpdate onSignOut={() => void logout()} /> : null}
      </Suspense>
    </ErrorBoundary>
  );
}
