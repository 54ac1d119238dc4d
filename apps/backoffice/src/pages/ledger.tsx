import type { LedgerAuditRun, LedgerState } from '@aposta/contracts';
import { List } from '@refinedev/antd';
import { Alert, Card, Col, Descriptions, Row, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { ConfirmButton, useRun } from '../components/actions';
import { json, money, time } from '../components/format';
import { useApiQuery } from '../components/useApiQuery';

/** A system account in words (its kind on hover): the house of a product, a provider's clearing, or a fixed one. */
function accountName(t: TFunction, kind: string): string {
  if (kind.startsWith('house.'))
    return t('ledger.kinds.house', {
      product: t(`products.${kind.slice(6)}`, { defaultValue: kind.slice(6) }),
    });
  if (kind.startsWith('provider_clearing.'))
    return t('ledger.kinds.providerClearing', { provider: kind.slice('provider_clearing.'.length) });
  return t(`ledger.kinds.${kind}`, { defaultValue: kind });
}

/** The ledger audit's last result (run again on demand) and the house and system accounts' balances. */
export function LedgerPage() {
  const { t } = useTranslation();
  const run = useRun();
  const mayRun = useAllowed()('ledger.read');
  const state = useApiQuery<LedgerState>('/api/operator/ledger/state');
  const last = state.data?.lastAudit;
  return (
    <List
      title={t('ledger.title')}
      headerButtons={
        mayRun ? (
          <ConfirmButton
            size="middle"
            type="primary"
            title={t('ledger.runConfirm')}
            onConfirm={() =>
              run(
                () => api<LedgerAuditRun>('post', '/api/operator/ledger/audit'),
                () => void state.refetch(),
              )
            }
          >
            {t('ledger.run')}
          </ConfirmButton>
        ) : null
      }
    >
      {state.error && <Alert type="error" showIcon message={state.error.message} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('ledger.lastAudit')} loading={state.isLoading}>
            {last ? (
              <>
                <Descriptions column={1} size="small">
                  <Descriptions.Item label={t('ledger.result')}>
                    <Tag color={last.ok ? 'green' : 'red'} data-testid="ledger-audit-result">
                      {last.ok ? t('ledger.ok') : t('ledger.faults')}
                    </Tag>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('ledger.ranBy')}>{last.ranBy}</Descriptions.Item>
                  <Descriptions.Item label={t('ledger.at')}>{time(last.at)}</Descriptions.Item>
                </Descriptions>
                <Table
                  size="small"
                  pagination={false}
                  rowKey="name"
                  dataSource={last.checks}
                  expandable={{
                    rowExpandable: (c) => c.faults.length > 0,
                    expandedRowRender: (c) => <pre style={{ margin: 0 }}>{json(c.faults)}</pre>,
                  }}
                  columns={[
                    { title: t('ledger.check'), dataIndex: 'name' },
                    {
                      title: t('ledger.result'),
                      render: (_, c) =>
                        c.faults.length ? (
                          <Tag color="red">{c.faults.length}</Tag>
                        ) : (
                          <Tag color="green">OK</Tag>
                        ),
                    },
                  ]}
                />
              </>
            ) : (
              t('ledger.never')
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('ledger.players')} style={{ marginBottom: 16 }}>
            <Table
              size="small"
              pagination={false}
              rowKey={(p) => `${p.book}:${p.currency}`}
              dataSource={state.data?.players}
              columns={[
                { title: t('players.book'), dataIndex: 'book' },
                { title: t('ledger.cash'), dataIndex: 'cash', render: money },
                { title: t('players.bonus'), dataIndex: 'bonus', render: money },
                { title: t('players.held'), dataIndex: 'held', render: money },
              ]}
            />
          </Card>
          <Card size="small" title={t('ledger.accounts')}>
            <Table
              size="small"
              pagination={false}
              rowKey="id"
              dataSource={state.data?.accounts}
              columns={[
                {
                  title: t('ledger.account'),
                  dataIndex: 'kind',
                  render: (kind: string) => <span title={kind}>{accountName(t, kind)}</span>,
                },
                { title: t('players.book'), dataIndex: 'book' },
                { title: t('players.balance'), dataIndex: 'balance', render: money, align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </List>
  );
}
