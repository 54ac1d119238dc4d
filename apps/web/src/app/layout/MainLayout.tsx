import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HomePage } from '../../features/home';
import { SupportButton } from '../../features/support/components/SupportButton';
import { BottomNav } from './BottomNav';
import { Header } from './Header';
import { LoadBoundary } from '../LoadBoundary';
import { isGameScreen } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { useUi } from '../../lib/ui';

// Home's activities and the active-award overlay (spec: on home only): for signed-in players, their own chunk
// (without zod: the activity page's schemas stay with the page).
const activities = () => import('../../features/activities/home');
const ActivityStrip = lazy(() => activities().then((m) => ({ default: m.ActivityStrip })));
const ActiveAwardOverlay = lazy(() => activities().then((m) => ({ default: m.ActiveAwardOverlay })));

// The banner carries the HTML sanitiser; it loads only when there is a notice.
const NoticeBanner = lazy(() => import('../../features/notice').then((m) => ({ default: m.NoticeBanner })));

/**
 * The frame of every screen. Home is the one view kept alive (spec section 2): it stays mounted while other
 * routes show, and its scroll position comes back with it.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  const isHome = pathname === '/home';
  const hasNotice = useUi((st) => st.notice !== '');
  const signedIn = useSession((s) => Boolean(s.token));
  const homeScroll = useRef(0);
  const wasHome = useRef(isHome);

  // Read while home is still in the page: once hidden, the page is shorter and the browser drops the scroll.
  if (wasHome.current && !isHome) homeScroll.current = window.scrollY;

  useLayoutEffect(() => {
    if (!wasHome.current && isHome) window.scrollTo(0, homeScroll.current);
    else if (!isHome) window.scrollTo(0, 0);
    wasHome.current = isHome;
  }, [isHome, pathname]);

  return (
    <div className="app-column flex flex-col pb-[calc(0.6rem+env(safe-area-inset-bottom))]">
      <Header />
      {hasNotice ? (
        <Suspense fallback={null}>
          <NoticeBanner />
        </Suspense>
      ) : null}
      {/* Room under the last content for the bottom bar and the floating support button above it (52 px at 76 px
          from the bottom), so the button never covers the last line. */}
      <main id="main" className="flex-1 pb-136">
        <div hidden={!isHome} data-testid="home-view">
          <HomePage
            promotions={
              signedIn ? (
                <Suspense fallback={null}>
                  <ActivityStrip />
                </Suspense>
              ) : null
            }
          />
        </div>
        {isHome ? null : (
          <LoadBoundary resetKey={pathname}>
            <Outlet />
          </LoadBoundary>
        )}
      </main>
      {/* Game screens keep the whole width for their controls: no floating support button there (the menu
          has it). Nor the games' verifier, a column of fields the button would sit on, nor the sportsbook's
          screens, whose bet slip sits where the button would. */}
      {isGameScreen(pathname) || pathname === '/fairness' || pathname.startsWith('/footballPage') ? null : (
        <SupportButton />
      )}
      {isHome && signedIn ? (
        <Suspense fallback={null}>
          <ActiveAwardOverlay />
        </Suspense>
      ) : null}
      <BottomNav />
    </div>
  );
}
