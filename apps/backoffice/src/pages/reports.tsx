import { REPORT_PRODUCTS, type ActivityReport, type GgrReport, type GgrRow } from '@aposta/contracts';
import { List } from '@refinedev/antd';
import { Alert, App, Button, Card, DatePicker, Space, Table, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useAllowed } from '../api/access';
import { download } from '../api/http';
import { brDay, money } from '../components/format';
import { PayoutTimesCard } from '../components/PayoutTimesCard';
import { useApiQuery } from '../components/useApiQuery';

const COLORS: Record<string, string> = {
  originals: '#1d4ed8',
  rounds: '#9333ea',
  sports: '#16a34a',
  casino: '#ea580c',
  lottery: '#0891b2',
};
const DAY = 'YYYY-MM-DD';
/** A chart's axis: 20/05. */
const brDayShort = (day: string) => brDay(day).slice(0, 5);

/**
 * GGR and NGR per product and São Paulo day, and the days' activity (deposits, withdrawals, first-time
 * depositors, active players): computed by the server from the ledger, with charts and CSV export. For an
 * operator who reads withdrawals, the period's payouts by how long they took.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const { message } = App.useApp();
  // São Paulo's today (the reports' days are São Paulo days; the browser may be elsewhere).
  const today = dayjs(new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }));
  const [range, setRange] = useState<[Dayjs, Dayjs]>([today.subtract(6, 'day'), today]);
  const query = { from: range[0].format(DAY), to: range[1].format(DAY) };
  const ggr = useApiQuery<GgrReport>('/api/operator/reports/ggr', query);
  const activity = useApiQuery<ActivityReport>('/api/operator/reports/activity', query);
  const csv = (report: 'ggr' | 'activity') =>
    download(
      `/api/operator/reports/${report}`,
      { ...query, format: 'csv' },
      `${report}-${query.from}-${query.to}.csv`,
    ).catch((err: Error) => void message.error(err.message));

  // One bar per day, stacked by product (the `all` rows carry the day's totals, NGR included).
  const days = [...new Set(ggr.data?.list.map((r) => r.day))].sort();
  const chart = days.map((day) => {
    const rows = ggr.data!.list.filter((r) => r.day === day);
    const all = rows.find((r) => r.product === 'all');
    return {
      day: brDayShort(day),
      ...Object.fromEntries(rows.filter((r) => r.product !== 'all').map((r) => [r.product, r.ggr])),
      ngr: all?.ngr ?? 0,
    };
  });
  const productsShown = REPORT_PRODUCTS.filter((p) => ggr.data?.list.some((r) => r.product === p));

  return (
    <List title={t('reports.title')}>
      <Space style={{ marginBottom: 16 }} wrap>
        <DatePicker.RangePicker
          value={range}
          format="DD/MM/YYYY"
          allowClear={false}
          onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
        />
        <Button onClick={() => setRange([today, today])}>{t('reports.today')}</Button>
      </Space>
      <Tabs
        items={[
          {
            key: 'ggr',
            label: t('reports.ggr'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }} size="middle">
                {ggr.error && <Alert type="error" showIcon message={ggr.error.message} />}
                <Card size="small" title={t('reports.ggrChart')}>
                  <div style={{ width: '100%', height: 280 }} data-testid="ggr-chart">
                    <ResponsiveContainer>
                      <BarChart data={chart}>
                        <CartesianGrid strokeDasharray="3 3" />
                        <XAxis dataKey="day" />
                        <YAxis />
                        <Tooltip formatter={(v) => money(Number(v))} />
                        <Legend />
                        {productsShown.map((p) => (
                          <Bar key={p} dataKey={p} name={t(`products.${p}`)} stackId="ggr" fill={COLORS[p]} />
                        ))}
                      </BarChart>
                    </ResponsiveContainer>
                  </div>
                </Card>
                <Table<GgrRow>
                  size="small"
                  rowKey={(r) => `${r.day}:${r.product}`}
                  loading={ggr.isLoading}
                  dataSource={ggr.data?.list}
                  pagination={{ pageSize: 50 }}
                  scroll={{ x: 'max-content' }}
                  title={() => <Button onClick={() => void csv('ggr')}>{t('reports.csv')}</Button>}
                  rowClassName={(r) => (r.product === 'all' ? 'ant-table-row-selected' : '')}
                  columns={[
                    { title: t('reports.day'), dataIndex: 'day', render: brDay },
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
              </Space>
            ),
          },
          {
            key: 'activity',
            label: t('reports.activity'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }} size="middle">
                {activity.error && <Alert type="error" showIcon message={activity.error.message} />}
                <Card size="small" title={t('reports.activityChart')}>
                  <div style={{ width: '100%', height: 280 }}>
                    <ResponsiveContainer>
                      <LineChart data={activity.data?.list.map((r) => ({ ...r, day: brDayShort(r.day) }))}>
                        <CartesianGrid strokeDasharray="3 3" />
                        <XAxis dataKey="day" />
                        <YAxis />
                        <Tooltip formatter={(v) => money(Number(v))} />
                        <Legend />
                        <Line dataKey="deposits" name={t('reports.deposits')} stroke="#16a34a" />
                        <Line dataKey="withdrawals" name={t('reports.withdrawals')} stroke="#dc2626" />
                      </LineChart>
                    </ResponsiveContainer>
                  </div>
                </Card>
                <Table
                  size="small"
                  rowKey="day"
                  loading={activity.isLoading}
                  dataSource={activity.data?.list}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  title={() => <Button onClick={() => void csv('activity')}>{t('reports.csv')}</Button>}
                  columns={[
                    { title: t('reports.day'), dataIndex: 'day', render: brDay },
                    { title: t('reports.deposits'), dataIndex: 'deposits', render: money, align: 'right' },
                    { title: '#', dataIndex: 'depositsCount', align: 'right' },
                    {
                      title: t('reports.withdrawals'),
                      dataIndex: 'withdrawals',
                      render: money,
                      align: 'right',
                    },
                    { title: '#', dataIndex: 'withdrawalsCount', align: 'right' },
                    { title: 'FTD', dataIndex: 'ftd', align: 'right' },
                    { title: t('reports.active'), dataIndex: 'activePlayers', align: 'right' },
                  ]}
                />
              </Space>
            ),
          },
          ...(allowed('withdrawals.read')
            ? [
                {
                  key: 'payoutTimes',
                  label: t('reports.payoutTimes.tab'),
                  children: <PayoutTimesCard from={query.from} to={query.to} />,
                },
              ]
            : []),
        ]}
      />
    </List>
  );
}
