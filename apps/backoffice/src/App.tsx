import {
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DollarOutlined,
  GiftOutlined,
  NotificationOutlined,
  PlaySquareOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ThemedLayout, ThemedTitle, useNotificationProvider } from '@refinedev/antd';
import {
  Authenticated,
  CanAccess,
  Refine,
  type NotificationProvider,
  type ResourceProps,
} from '@refinedev/core';
import routerProvider, { CatchAllNavigate, DocumentTitleHandler } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider, Grid, Result, Spin } from 'antd';
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { accessControlProvider } from './api/access';
import { authProvider } from './api/authProvider';
import { dataProvider } from './api/dataProvider';
import { Header } from './components/Header';
import { i18nProvider } from './i18n';
import { DashboardPage } from './pages/dashboard';
import { LoginPage } from './pages/login';

/** A page loaded when first opened (charts and big tables stay out of the first load). */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K & string) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}
const ActivitiesPage = page(() => import('./pages/activities'), 'ActivitiesPage');
const AdjustmentsPage = page(() => import('./pages/adjustments'), 'AdjustmentsPage');
const AuditPage = page(() => import('./pages/audit'), 'AuditPage');
const CasinoPage = page(() => import('./pages/casino'), 'CasinoPage');
const DepositsPage = page(() => import('./pages/deposits'), 'DepositsPage');
const TransfersPage = page(() => import('./pages/transfers'), 'TransfersPage');
const LedgerPage = page(() => import('./pages/ledger'), 'LedgerPage');
const NoticesPage = page(() => import('./pages/notices'), 'NoticesPage');
const OperatorsPage = page(() => import('./pages/operators'), 'OperatorsPage');
const OriginalsPage = page(() => import('./pages/originals'), 'OriginalsPage');
const PlayerShow = page(() => import('./pages/player-show'), 'PlayerShow');
const PlayersPage = page(() => import('./pages/players'), 'PlayersPage');
const PackagesPage = page(() => import('./pages/packages'), 'PackagesPage');
const PromoRulesPage = page(() => import('./pages/promo-rules'), 'PromoRulesPage');
const ReportsPage = page(() => import('./pages/reports'), 'ReportsPage');
const RgPage = page(() => import('./pages/rg'), 'RgPage');
const RoundsPage = page(() => import('./pages/rounds'), 'RoundsPage');
const SettingsPage = page(() => import('./pages/settings'), 'SettingsPage');
const SupportPage = page(() => import('./pages/support'), 'SupportPage');
const SportsPage = page(() => import('./pages/sports'), 'SportsPage');
const WithdrawalsPage = page(() => import('./pages/withdrawals'), 'WithdrawalsPage');

/**
 * Menu entries: each names the permission its list needs (hidden without it; see api/access.ts); a group
 * shows when any of its entries does.
 */
const entries: ResourceProps[] = [
  { name: 'dashboard', list: '/', meta: { icon: <DashboardOutlined /> } },
  {
    name: 'players',
    list: '/players',
    show: '/players/:id',
    meta: { icon: <UserOutlined />, permission: 'players.read' },
  },
  {
    name: 'support',
    list: '/support',
    meta: { icon: <CustomerServiceOutlined />, permission: 'support.chat' },
  },
  { name: 'money', meta: { icon: <DollarOutlined /> } },
  {
    name: 'withdrawals',
    list: '/withdrawals',
    meta: { parent: 'money', permission: 'withdrawals.read' },
  },
  {
    name: 'deposits',
    list: '/deposits',
    meta: { parent: 'money', permission: 'deposits.read' },
  },
  {
    name: 'transfers',
    list: '/transfers',
    meta: { parent: 'money', permission: 'deposits.read' },
  },
  {
    name: 'adjustments',
    list: '/adjustments',
    meta: { parent: 'money', permission: 'adjustments.propose' },
  },
  {
    name: 'ledger',
    list: '/ledger',
    meta: { parent: 'money', icon: <BankOutlined />, permission: 'ledger.read' },
  },
  {
    name: 'reports',
    list: '/reports',
    meta: { icon: <BarChartOutlined />, permission: 'reports.read' },
  },
  {
    name: 'sports',
    list: '/sports',
    meta: { icon: <TrophyOutlined />, permission: 'sports.trade' },
  },
  { name: 'games', meta: { icon: <PlaySquareOutlined /> } },
  {
    name: 'originals',
    list: '/originals',
    meta: { parent: 'games', permission: 'settings.read' },
  },
  {
    name: 'rounds',
    list: '/rounds',
    meta: { parent: 'games', permission: 'rounds.chains' },
  },
  {
    name: 'casino',
    list: '/casino',
    meta: { parent: 'games', permission: 'casino.read' },
  },
  { name: 'promotions', meta: { icon: <GiftOutlined /> } },
  {
    name: 'activities',
    list: '/activities',
    meta: { parent: 'promotions', permission: 'promo.manage' },
  },
  {
    name: 'packages',
    list: '/packages',
    meta: { parent: 'promotions', permission: 'promo.manage' },
  },
  {
    name: 'promoRules',
    list: '/promo-rules',
    meta: { parent: 'promotions', permission: 'settings.write' },
  },
  {
    name: 'notices',
    list: '/notices',
    meta: { parent: 'promotions', icon: <NotificationOutlined />, permission: 'notices.publish' },
  },
  { name: 'rg', list: '/rg', meta: { icon: <SafetyOutlined />, permission: 'rg.read' } },
  {
    name: 'settings',
    list: '/settings',
    meta: { icon: <SettingOutlined />, permission: 'settings.read' },
  },
  {
    name: 'audit',
    list: '/audit',
    meta: { icon: <AuditOutlined />, permission: 'audit.read' },
  },
  {
    name: 'operators',
    list: '/operators',
    meta: { icon: <TeamOutlined />, permission: 'operators.manage' },
  },
];
const resources = entries.map((r) =>
  r.list
    ? r
    : {
        ...r,
        meta: {
          ...r.meta,
          permission: entries.filter((c) => c.meta?.parent === r.name).map((c) => c.meta?.permission),
        },
      },
);

/** The routed page; below the lg breakpoint the menu is a fixed button at the top left, kept clear of. */
function Page() {
  const { lg } = Grid.useBreakpoint();
  const { t } = useTranslation();
  return (
    <div style={{ paddingTop: lg === false ? 36 : 0 }}>
      {/* A page typed into the address bar follows the menu's rule (its resource's permission): a role without it
          is told so, rather than shown the page's empty or default state (the server refuses its calls anyway). */}
      <CanAccess fallback={<Result status="403" title={t('app.forbidden')} />}>
        <Suspense fallback={<Spin style={{ margin: 48 }} />}>
          <Outlet />
        </Suspense>
      </CanAccess>
    </div>
  );
}

/**
 * The system's "reduce motion" turns Ant Design's animations off. The end-to-end tests ask for it too: under load a
 * click aimed at a modal still zooming in could land beside its button.
 */
const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Refine's notifications, less its sign-in failure: the sign-in page shows that refusal under its form, and
 * Refine's own toast would repeat it under the title "login".
 */
function useNotifications(): NotificationProvider {
  const notifications = useNotificationProvider();
  return {
    ...notifications,
    open: (params) => {
      if (params.key !== 'login-error') notifications.open(params);
    },
  };
}

export function App() {
  const { i18n, t } = useTranslation();
  const en = i18n.language === 'en';
  dayjs.locale(en ? 'en' : 'pt-br');
  // On a phone a figure (the dashboard's) is a little smaller: "-R$ 10.234,56" on one line fits half the screen.
  const { sm } = Grid.useBreakpoint();
  return (
    <BrowserRouter basename="/backoffice">
      <ConfigProvider
        locale={en ? enUS : ptBR}
        theme={{
          token: { colorPrimary: '#1d4ed8', motion: !reduceMotion },
          components: sm === false ? { Statistic: { contentFontSize: 20 } } : undefined,
        }}
      >
        <AntdApp>
          {/* A figure (today's NGR on the dashboard) is one line: a narrow card once put the minus of "-R$ 10.234,56"
              on a line of its own. */}
          <style>{'.ant-statistic-content { white-space: nowrap; }'}</style>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotifications}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: false,
              disableTelemetry: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
              title: { text: 'Aposta · Back office' },
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="in" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout
                      Header={Header}
                      Title={({ collapsed }) => (
                        <ThemedTitle collapsed={collapsed} text={t('app.title')} icon={<BankOutlined />} />
                      )}
                    >
                      <Page />
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route index element={<DashboardPage />} />
                <Route path="/players" element={<PlayersPage />} />
                <Route path="/players/:id" element={<PlayerShow />} />
                <Route path="/support" element={<SupportPage />} />
                <Route path="/withdrawals" element={<WithdrawalsPage />} />
                <Route path="/deposits" element={<DepositsPage />} />
                <Route path="/transfers" element={<TransfersPage />} />
                <Route path="/adjustments" element={<AdjustmentsPage />} />
                <Route path="/ledger" element={<LedgerPage />} />
                <Route path="/reports" element={<ReportsPage />} />
                <Route path="/sports" element={<SportsPage />} />
                <Route path="/originals" element={<OriginalsPage />} />
                <Route path="/rounds" element={<RoundsPage />} />
                <Route path="/casino" element={<CasinoPage />} />
                <Route path="/rg" element={<RgPage />} />
                <Route path="/activities" element={<ActivitiesPage />} />
                <Route path="/packages" element={<PackagesPage />} />
                <Route path="/promo-rules" element={<PromoRulesPage />} />
                <Route path="/notices" element={<NoticesPage />} />
                <Route path="/settings" element={<SettingsPage />} />
                <Route path="/audit" element={<AuditPage />} />
                <Route path="/operators" element={<OperatorsPage />} />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Route>
              <Route
                path="/login"
                element={
                  <Authenticated key="out" fallback={<LoginPage />}>
                    <Navigate to="/" replace />
                  </Authenticated>
                }
              />
            </Routes>
            <DocumentTitleHandler handler={() => t('app.documentTitle')} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
