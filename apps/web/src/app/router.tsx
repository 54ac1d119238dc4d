import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { go, setNavigator } from '../lib/navigation';
import { LocalKey, writeText } from '../lib/storage';
import { openOverlay } from '../lib/ui';
import { MainLayout } from './layout/MainLayout';
import { signInWithToken } from './flows';
import { Root } from './Root';
import { ErrorPage, ParamPath, RequireLogin, SoonPage } from './routes/pages';

const SharePage = lazy(() => import('../features/share').then((m) => ({ default: m.SharePage })));
const ContaPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.ContaPage })));
const PaySuccessPage = lazy(() => import('../features/wallet').then((m) => ({ default: m.PaySuccessPage })));
const RecordsPage = lazy(() => import('../features/records').then((m) => ({ default: m.RecordsPage })));
const TransferPage = lazy(() => import('../features/transfer').then((m) => ({ default: m.TransferPage })));

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

const soon = (name: Parameters<typeof SoonPage>[0]['name'], guarded = false) => ({
  path: `/${name}`,
  element: guarded ? (
    <RequireLogin>
      <SoonPage name={name} />
    </RequireLogin>
  ) : (
    <SoonPage name={name} />
  ),
});

/** The spec's route table (section 2). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      { path: '/main', element: <Navigate to="/home" replace /> },
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
          soon('vip'),
          soon('agentJl'),
          soon('ladderBonus'),
          soon('gamebouns'),
          soon('gameMess', true),
          page('/registros', RecordsPage),
          page('/conta', ContaPage),
          page('/paySuccess', PaySuccessPage),
          page('/transfer', TransferPage),
          soon('footballPage'),
          soon('play'),
          soon('mines'),
          soon('limbo'),
          soon('luckyColor'),
          soon('rowDouble'),
          soon('double'),
          soon('dice', true),
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
