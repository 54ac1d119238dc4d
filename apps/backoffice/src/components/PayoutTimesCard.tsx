import type { PayoutTimes } from '@aposta/contracts';
import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percent } from './format';
import { useApiQuery } from './useApiQuery';

type Band = 'within30' | 'within60' | 'within120' | 'late';
const BANDS: readonly Band[] = ['within30', 'within60', 'within120', 'late'];

/**
 * Payouts by how long they took (issue 17): the withdrawals requested on the São Paulo days `from`..`to` and
 * paid, counted within 30, 60 and 120 minutes of their request and late (past the 120-minute deadline), the
 * slowest, and the unpaid ones waiting past the alert time. From GET /api/operator/withdrawals/payout-times.
 */
export function PayoutTimesCard({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const report = useApiQuery<PayoutTimes>('/api/operator/withdrawals/payout-times', { from, to });
  const data = report.data;
  const paid = data ? BANDS.reduce((sum, b) => sum + data.paid[b], 0) : 0;
  const rows = BANDS.map((band) => ({ band, count: data?.paid[band] ?? 0 }));

  return (
    <Card
      size="small"
      title={t('reports.payoutTimes.title')}
      data-testid="payout-times"
      loading={report.isLoading}
    >
      {report.error && <Alert type="error" showIcon message={report.error.message} />}
      {data && (
        <>
          <Typography.Paragraph type="secondary">
            {t(data.enforced ? 'reports.payoutTimes.enforced' : 'reports.payoutTimes.reference', {
              deadline: data.deadlineMinutes,
            })}
          </Typography.Paragraph>
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={8}>
              <Statistic title={t('reports.payoutTimes.paid')} value={paid} data-testid="payout-paid" />
            </Col>
            <Col span={8}>
              <Statistic
                title={t('reports.payoutTimes.slowest')}
                value={data.paid.slowestMinutes ?? '—'}
                suffix={data.paid.slowestMinutes === null ? undefined : 'min'}
                data-testid="payout-slowest"
              />
            </Col>
            <Col span={8}>
              <Statistic
                title={t('reports.payoutTimes.waiting', {
                  minutes: data.alertMinutes ?? data.deadlineMinutes,
                })}
                value={data.open.length}
                valueStyle={data.open.some((o) => o.late) ? { color: '#cf1322' } : undefined}
                data-testid="payout-waiting"
              />
            </Col>
          </Row>
          <Table
            size="small"
            rowKey="band"
            pagination={false}
            dataSource={rows}
            rowClassName={(row) => (row.band === 'late' && row.count > 0 ? 'ant-table-row-selected' : '')}
            columns={[
              {
                title: t('reports.payoutTimes.band'),
                dataIndex: 'band',
                render: (band: Band) => t(`reports.payoutTimes.${band}`, { deadline: data.deadlineMinutes }),
              },
              { title: t('reports.payoutTimes.count'), dataIndex: 'count', align: 'right' },
              {
                title: t('reports.payoutTimes.share'),
                dataIndex: 'count',
                key: 'share',
                align: 'right',
                render: (count: number) => (paid ? percent(count / paid) : '—'),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
