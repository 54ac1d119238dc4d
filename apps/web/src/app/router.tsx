import { lazy, Suspense, type ComponentType } from 'react';
import { LoadBoundary } from './LoadBoundary';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { go, setNavigator } from '../lib/navigation';
import { LocalKey, writeText } from '../lib/storage';
import { openOverlay, useUi } from '../lib/ui';
import { MainLayout } from './layout/MainLayout';
import { excluded, signInWithToken } from './flows';
import { Root } from './Root';
import { ErrorPage, ParamPath, RequireLogin } from './routes/pages';

// The promotions tab: the VIP area with the live activities under its links (as home shows them).
const VipPage = lazy(() =>
  Promise.all([import('../features/vip'), import('../features/activities/home')]).then(([vip, a]) => ({
    default: () => <vip.VipPage promotions={<a.ActivityStrip />} />,
  })),
);
const SharePage = lazy(() => import('../features/share').then((m) => ({ default: m.SharePage })));
// Agent rewards, the ladder and the game bonus: one chunk; /conta shows its active-bonus panel.
const rewards = () => import('../features/rewards');
const AgentPage = lazy(() => rewards().then((m) => ({ default: m.AgentPage })));
const LadderBonusPage = lazy(() => rewards().then((m) => ({ default: m.LadderBonusPage })));
const GameBonusPage = lazy(() => rewards().then((m) => ({ default: m.GameBonusPage })));
const ContaPage = lazy(() =>
  Promise.all([import('../features/wallet'), rewards()]).then(([wallet, r]) => ({
    default: () => <wallet.ContaPage bonuses={<r.BonusPanel />} />,
  })),
);
const PaySuccessPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.PaySuccessPage })));
const RecordsPage = lazy(() => import('../features/records').then((m) => ({ default: m.RecordsPage })));
const ResponsibleGamingPage = lazy(() =>
  import('../features/rg').then((m) => ({
    default: () => <m.ResponsibleGamingPage onExcluded={excluded} />,
  })),
);
const TermsPage = lazy(() => import('../features/legal').then((m) => ({ default: m.TermsPage })));
const TransferPage = lazy(() => import('../features/transfer').then((m) => ({ default: m.TransferPage })));
// The originals: one chunk for the games and the verifier, loaded on the first visit to any of them.
const originals = () => import('../features/originals');
const DicePage = lazy(() => originals().then((m) => ({ default: m.DicePage })));
const LimboPage = lazy(() => originals().then((m) => ({ default: m.LimboPage })));
const MinesPage = lazy(() => originals().then((m) => ({ default: m.MinesPage })));
const PlinkoPage = lazy(() => originals().then((m) => ({ default: m.PlinkoPage })));
const RowDoublePage = lazy(() => originals().then((m) => ({ default: m.RowDoublePage })));
const FairnessPage = lazy(() => originals().then((m) => ({ default: m.FairnessPage })));
// The shared-round games (double, crash, lucky colour): one chunk, loaded on the first visit to any of them.
const rounds = () => import('../features/rounds');
const DoublePage = lazy(() => rounds().then((m) => ({ default: m.DoublePage })));
const CrashPage = lazy(() => rounds().then((m) => ({ default: m.CrashPage })));
const LuckyColorPage = lazy(() => rounds().then((m) => ({ default: m.LuckyColorPage })));

// The sportsbook: one chunk for its screens, loaded on the first visit to any of them.
const sports = () => import('../features/sports');
const SportsPage = lazy(() => sports().then((m) => ({ default: m.SportsPage })));
const SportsEventPage = lazy(() => sports().then((m) => ({ default: m.EventPage })));
const MyBetsPage = lazy(() => sports().then((m) => ({ default: m.MyBetsPage })));

// The casino: the lobby and the in-game screen, one chunk; our studio's game page is its own (it runs framed).
const casino = () => import('../features/casino');
const CasinoPage = lazy(() => casino().then((m) => ({ default: m.CasinoPage })));
const PlayPage = lazy(() => casino().then((m) => ({ default: m.PlayPage })));
const GameMessPage = lazy(() => casino().then((m) => ({ default: m.GameMessPage })));
const StudioPage = lazy(() => import('../features/studio').then((m) => ({ default: m.StudioPage })));
const NoticeBanner = lazy(() => import('../features/notice').then((m) => ({ default: m.NoticeBanner })));

/** The notice banner on the full-screen game (the layout's own is not there). */
function GameNotice() {
  const hasNotice = useUi((st) => st.notice !== '');
  return hasNotice ? (
    <Suspense fallback={null}>
      <NoticeBanner />
    </Suspense>
  ) : null;
}

/** A lazily loaded screen. */
const page = (path: string, Page: ComponentType) => ({
  path,
  element: (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  ),
});

/** /y{yqm}: keep the invitation code (YQM), go home and open registration with it. */
function acceptInvite(yqm: string) {
  writeText('local', LocalKey.YQM, yqm);
  go('/home', { replace: true });
  openOverlay('register');
}

/** /zgo{token}: sign in with a one-time login link issued by the server. */
function acceptLoginLink(token: string) {
  void import('../features/auth')
    .then((m) => m.redeemLoginLink(token))
    .then((accessToken) => signInWithToken(accessToken))
    .catch(() => undefined)
    .finally(() => go('/home', { replace: true }));
}

/** The spec's route table (section 2). */
export const routes: RouteObject[] = [
  // Our studio's game page: a provider's page framed by /play, outside the app's frame and session effects.
  page('/studio/:gameCode', StudioPage),
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/main', element: <Navigate to="/home" replace /> },
      // The in-game screen covers the whole screen: no header or bottom bar over the game.
      {
        path: '/play',
        element: (
          <LoadBoundary resetKey="/play">
            <Suspense fallback={null}>
              <PlayPage banner={<GameNotice />} />
            </Suspense>
          </LoadBoundary>
        ),
      },
      {
        element: <MainLayout />,
        children: [
          { path: '/home', element: null },
          {
            path: '/share',
            element: (
              <RequireLogin>
                <Suspense fallback={null}>
                  <SharePage />
                </Suspense>
              </RequireLogin>
            ),
          },
          page('/vip', VipPage),
          page('/agentJl', AgentPage),
          page('/ladderBonus', LadderBonusPage),
          page('/gamebouns', GameBonusPage),
          {
            path: '/gameMess',
            element: (
              <RequireLogin>
                <Suspense fallback={null}>
                  <GameMessPage />
                </Suspense>
              </RequireLogin>
            ),
          },
          page('/registros', RecordsPage),
          page('/conta', ContaPage),
          page('/paySuccess', PaySuccessPage),
          page('/transfer', TransferPage),
          page('/jogoResponsavel', ResponsibleGamingPage),
          page('/termos', TermsPage),
          page('/footballPage', SportsPage),
          page('/footballPage/bets', MyBetsPage),
          page('/footballPage/:eventId', SportsEventPage),
          page('/casino', CasinoPage),
          page('/mines', MinesPage),
          page('/limbo', LimboPage),
          page('/luckyColor', LuckyColorPage),
          page('/rowDouble', RowDoublePage),
          page('/plinko', PlinkoPage),
          page('/fairness', FairnessPage),
          page('/double', DoublePage),
          page('/crash', CrashPage),
          {
            path: '/dice',
            element: (
              <RequireLogin>
                <Suspense fallback={null}>
                  <DicePage />
                </Suspense>
              </RequireLogin>
            ),
          },
          { path: '/error', element: <ErrorPage /> },
          { path: '*', element: <ParamPath onInvite={acceptInvite} onLoginLink={acceptLoginLink} /> },
        ],
      },
    ],
  },
];

/** The routes, with the router's navigate lent to code outside React (lib/navigation). */
export function AppRoutes() {
  const navigate = useNavigate();
  setNavigator((to, options) => void navigate(to, options));
  return useRoutes(routes);
}
