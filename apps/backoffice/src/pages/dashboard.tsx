import {
  REPORT_PRODUCTS,
  type ActivityReport,
  type GgrReport,
  type GgrRow,
  type LedgerState,
  type OperatorProfile,
  type OperatorWithdrawal,
} from '@aposta/contracts';
import { useGetIdentity } from '@refinedev/core';
import { Alert, Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowed } from '../api/access';
import { brDay, money } from '../components/format';
import { useApiQuery } from '../components/useApiQuery';

/** Today is São Paulo's day (the reports' days are; the browser may be elsewhere). */
const saoPauloToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

/**
 * Today at a glance, as far as the role may see: GGR/NGR and the day's activity (from the ledger, as the
 * reports), today's GGR per product, the withdrawal queue and the ledger audit.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const { data: me } = useGetIdentity<OperatorProfile | null>();
  const today = saoPauloToday();
  const reports = allowed('reports.read');
  const ggr = useApiQuery<GgrReport>(reports ? '/api/operator/reports/ggr' : null, {
    from: today,
    to: today,
  });
  const activity = useApiQuery<ActivityReport>(reports ? '/api/operator/reports/activity' : null, {
    from: today,
    to: today,
  });
  const queue = useApiQuery<OperatorWithdrawal[]>(
    allowed('withdrawals.read') ? '/api/operator/withdrawals' : null,
    { status: 'pending' },
  );
  const ledger = useApiQuery<LedgerState>(allowed('ledger.read') ? '/api/operator/ledger/state' : null);
  const all = ggr.data?.list.find((r) => r.product === 'all');
  const day = activity.data?.list.find((r) => r.day === today);
  // Every product, with zeros where nothing was staked today, then the day's total (bonuses, fees, NGR).
  const byProduct: GgrRow[] = ggr.data
    ? [
        ...REPORT_PRODUCTS.map(
          (product) =>
            ggr.data.list.find((r) => r.product === product) ?? {
              day: today,
              product,
              stakes: 0,
              wins: 0,
              ggr: 0,
              bonuses: 0,
              fees: 0,
              ngr: 0,
            },
        ),
        ...(all ? [all] : []),
      ]
    : [];
  const stat = (title: string, value: number | string, loading: boolean, testId: string) => (
    // Six to a row only on a wide screen: at 1280 px a five-digit negative NGR ran past its card.
    <Col xs={12} md={8} xxl={4}>
      <Card size="small">
        <Statistic
          title={title}
          value={value}
          loading={loading}
          valueRender={(node) => <span data-testid={testId}>{node}</span>}
        />
      </Card>
    </Col>
  );
  return (
    <div style={{ padding: 8 }}>
      <Typography.Title level={3}>{t('dashboard.hello', { email: me?.email ?? '' })}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {me && t('dashboard.role', { role: t(`roles.${me.role}`) })}
      </Typography.Paragraph>
      {reports && (
        <>
          <Typography.Title level={5}>{t('dashboard.today', { day: brDay(today) })}</Typography.Title>
          {(ggr.error ?? activity.error) && (
            <Alert
              type="error"
              showIcon
              message={(ggr.error ?? activity.error)!.message}
              style={{ marginBottom: 16 }}
            />
          )}
          <Row gutter={[16, 16]}>
            {stat(t('dashboard.ggrToday'), money(all?.ggr ?? 0), ggr.isLoading, 'today-ggr')}
            {stat(t('dashboard.ngrToday'), money(all?.ngr ?? 0), ggr.isLoading, 'today-ngr')}
            {stat(
              t('dashboard.depositsToday'),
              money(day?.deposits ?? 0),
              activity.isLoading,
              'today-deposits',
            )}
            {stat(
              t('dashboard.withdrawalsToday'),
              money(day?.withdrawals ?? 0),
              activity.isLoading,
              'today-withdrawals',
            )}
            {stat(t('dashboard.ftdToday'), day?.ftd ?? 0, activity.isLoading, 'today-ftd')}
            {stat(t('dashboard.activeToday'), day?.activePlayers ?? 0, activity.isLoading, 'today-active')}
          </Row>
          <Card
            size="small"
            title={t('dashboard.byProduct')}
            extra={<Link to="/reports">{t('reports.reports')}</Link>}
            style={{ marginTop: 16 }}
          >
            <Table<GgrRow>
              size="small"
              rowKey="product"
              loading={ggr.isLoading}
              dataSource={byProduct}
              pagination={false}
              scroll={{ x: 720 }}
              onRow={(r) => ({ 'data-testid': `today-${r.product}` }) as HTMLAttributes<HTMLElement>}
              rowClassName={(r) => (r.product === 'all' ? 'ant-table-row-selected' : '')}
              columns={[
                {
                  title: t('reports.product'),
                  dataIndex: 'product',
                  render: (p: string) => t(`products.${p}`),
                },
                { title: t('reports.stakes'), dataIndex: 'stakes', render: money, align: 'right' },
                { title: t('reports.wins'), dataIndex: 'wins', render: money, align: 'right' },
                { title: 'GGR', dataIndex: 'ggr', render: money, align: 'right' },
                { title: t('reports.bonuses'), dataIndex: 'bonuses', render: money, align: 'right' },
                { title: t('reports.fees'), dataIndex: 'fees', render: money, align: 'right' },
                { title: 'NGR', dataIndex: 'ngr', render: money, align: 'right' },
              ]}
            />
          </Card>
        </>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {allowed('withdrawals.read') && (
          <Col xs={24} sm={12} xl={6}>
            <Card>
              <Statistic
                title={<Link to="/withdrawals">{t('dashboard.pendingWithdrawals')}</Link>}
                value={queue.data?.length ?? 0}
                loading={queue.isLoading}
              />
            </Card>
          </Col>
        )}
        {allowed('ledger.read') && (
          <Col xs={24} sm={12} xl={6}>
            <Card>
              <Statistic
                title={<Link to="/ledger">{t('dashboard.ledgerAudit')}</Link>}
                loading={ledger.isLoading}
                valueRender={() =>
                  ledger.data?.lastAudit ? (
                    <Tag color={ledger.data.lastAudit.ok ? 'green' : 'red'}>
                      {ledger.data.lastAudit.ok ? t('ledger.ok') : t('ledger.faults')}
                    </Tag>
                  ) : (
                    <Tag>{t('ledger.never')}</Tag>
                  )
                }
              />
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
