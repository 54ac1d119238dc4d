import { DEPOSIT_STATUS, type OperatorDeposit } from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Checkbox, Form, Select, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money, time } from '../components/format';
import { ListFilters, periodFilters, type Period } from '../components/ListFilters';
import { OrderStatusTag } from './withdrawals';

interface DepositSearch {
  q?: string;
  status?: string;
  flagged?: boolean;
  range?: Period;
}

/** Deposits with the provider's state and chargeback flags; filtered, sorted and paged by the server. */
export function DepositsPage() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<OperatorDeposit, never, DepositSearch>({
    resource: 'deposits',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: true,
    onSearch: ({ q, status, flagged, range }): CrudFilter[] => [
      { field: 'q', operator: 'eq', value: q?.trim() },
      { field: 'status', operator: 'eq', value: status },
      { field: 'flagged', operator: 'eq', value: flagged ? 'true' : undefined },
      ...periodFilters(range),
    ],
  });
  return (
    <List title={t('deposits.title')}>
      <ListFilters
        formProps={searchFormProps}
        label={t('deposits.filters')}
        searchHint={t('deposits.searchHint')}
        periodLabel={t('audit.period')}
      >
        <Form.Item name="status" label={t('common.status')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={Object.keys(DEPOSIT_STATUS).map((s) => ({ value: s, label: t(`deposits.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="flagged" valuePropName="checked">
          <Checkbox>{t('deposits.flaggedOnly')}</Checkbox>
        </Form.Item>
      </ListFilters>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 1100 }}>
        <Table.Column dataIndex="orderNo" title={t('deposits.order')} />
        <Table.Column dataIndex="createdAt" title={t('common.createdAt')} sorter render={time} />
        <Table.Column
          dataIndex="email"
          title={t('common.player')}
          render={(email: string, row: OperatorDeposit) => <Link to={`/players/${row.userId}`}>{email}</Link>}
        />
        <Table.Column dataIndex="amount" title={t('common.amount')} sorter render={money} />
        <Table.Column dataIndex="gift" title={t('deposits.gift')} render={money} />
        <Table.Column
          dataIndex="status"
          title={t('common.status')}
          render={(s: string) => <OrderStatusTag status={s} />}
        />
        <Table.Column
          title={t('deposits.provider')}
          render={(_, row: OperatorDeposit) => `${row.provider ?? '—'} · ${row.providerState}`}
        />
        <Table.Column
          title={t('deposits.flags')}
          render={(_, row: OperatorDeposit) => (
            <>
              {row.chargeback.flagged && (
                <Tooltip title={`${row.chargeback.reason ?? ''} ${time(row.chargeback.at)}`}>
                  <Tag color="red">{t('deposits.chargeback')}</Tag>
                </Tooltip>
              )}
              {/* Owed back to the payer: paid from another CPF, or past a lowered deposit limit. */}
              {(row.flag === 'payerMismatch' || row.flag === 'overLimit') && (
                <Tag color="orange">{t('deposits.returning')}</Tag>
              )}
              {row.flag === 'returned' && <Tag color="blue">{t('deposits.returned')}</Tag>}
              {row.flag && !['chargedBack', 'payerMismatch', 'overLimit', 'returned'].includes(row.flag) && (
                <Tag color="orange">{row.flag}</Tag>
              )}
            </>
          )}
        />
        <Table.Column dataIndex="paidAt" title={t('deposits.paidAt')} sorter render={time} />
      </Table>
    </List>
  );
}
