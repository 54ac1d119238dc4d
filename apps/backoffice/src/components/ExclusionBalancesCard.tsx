import type { ExclusionBalance } from '@aposta/contracts';
import { Alert, Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowed } from '../api/access';
import { money, time } from './format';
import { useApiQuery } from './useApiQuery';

/** The list's path (its reads are keyed under it: an approval or a rejection asks again). */
export const EXCLUSION_BALANCES_PATH = '/api/operator/withdrawals/exclusion-balances';

/** Red: the operators must act; blue: the job pays it; gold: it waits for an open order. */
const COLOR: Record<ExclusionBalance['state'], string> = {
  due: 'blue',
  ordered: 'gold',
  noVerifiedCpf: 'red',
  stopped: 'red',
  blocked: 'red',
};

/**
 * Self-excluded players still holding cash (`EXCLUSION_BALANCES_PATH`): they cannot sign
 * in to withdraw, so the job `payments.exclusionPayouts` sends the cash to their own CPF's PIX key, and the ones
 * it cannot pay (no verified CPF, a payout rejected or failed, a block) are the operators' to settle. Shown only
 * when there are any.
 */
export function ExclusionBalancesCard() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const list = useApiQuery<ExclusionBalance[]>('/api/operator/withdrawals/exclusion-balances');
  if (list.error)
    return <Alert type="error" showIcon message={list.error.message} style={{ marginBottom: 16 }} />;
  if (!list.data?.length) return null;
  const waiting = list.data.filter((b) => COLOR[b.state] === 'red').length;
  return (
    <Card
      size="small"
      title={t('withdrawals.exclusions.title', { count: list.data.length })}
      data-testid="exclusion-balances"
      style={{ marginBottom: 16 }}
    >
      <Typography.Paragraph type="secondary">
        {t('withdrawals.exclusions.intro')}{' '}
        {waiting ? t('withdrawals.exclusions.waiting', { count: waiting }) : ''}
      </Typography.Paragraph>
      <Table<ExclusionBalance>
        size="small"
        rowKey="userId"
        pagination={list.data.length > 50 ? { pageSize: 50 } : false}
        dataSource={list.data}
        columns={[
          {
            title: t('common.player'),
            dataIndex: 'userId',
            render: (userId: number, row) =>
              allowed('players.read') ? (
                <Link to={`/players/${userId}`}>
                  #{userId} {row.username}
                </Link>
              ) : (
                `#${userId} ${row.username}`
              ),
          },
          { title: t('withdrawals.exclusions.since'), dataIndex: 'since', render: time },
          { title: t('withdrawals.exclusions.cash'), dataIndex: 'cash', align: 'right', render: money },
          {
            title: t('withdrawals.exclusions.state'),
            dataIndex: 'state',
            render: (state: ExclusionBalance['state'], row) => (
              <Tag color={COLOR[state]} data-testid="exclusion-state">
                {t(`withdrawals.exclusions.states.${state}`, { orderId: row.orderId })}
              </Tag>
            ),
          },
        ]}
      />
    </Card>
  );
}
