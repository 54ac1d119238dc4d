import type { OperatorTransfer } from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Form, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money, time } from '../components/format';
import { MoneyInput } from '../components/inputs';
import { ListFilters, periodFilters, type Period } from '../components/ListFilters';

interface TransferSearch {
  sender?: string;
  receiver?: string;
  minAmount?: number | null;
  maxAmount?: number | null;
  range?: Period;
}

const party = (p: OperatorTransfer['sender']) => <Link to={`/players/${p.id}`}>{p.email || `#${p.id}`}</Link>;

/** Transfers between players, from the ledger; filtered, sorted and paged by the server. */
export function TransfersPage() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<OperatorTransfer, never, TransferSearch>({
    resource: 'transfers',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'time', order: 'desc' }] },
    syncWithLocation: true,
    onSearch: ({ sender, receiver, minAmount, maxAmount, range }): CrudFilter[] => [
      { field: 'sender', operator: 'eq', value: sender?.trim() },
      { field: 'receiver', operator: 'eq', value: receiver?.trim() },
      { field: 'minAmount', operator: 'eq', value: minAmount ?? undefined },
      { field: 'maxAmount', operator: 'eq', value: maxAmount ?? undefined },
      ...periodFilters(range),
    ],
  });
  return (
    <List title={t('transfers.title')}>
      <ListFilters formProps={searchFormProps} label={t('transfers.filters')} periodLabel={t('audit.period')}>
        <Form.Item name="sender" label={t('transfers.sender')}>
          <Input allowClear placeholder={t('transfers.playerHint')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="receiver" label={t('transfers.receiver')}>
          <Input allowClear placeholder={t('transfers.playerHint')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="minAmount" label={t('transfers.minAmount')}>
          <MoneyInput style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="maxAmount" label={t('transfers.maxAmount')}>
          <MoneyInput style={{ width: 150 }} />
        </Form.Item>
      </ListFilters>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 900 }}>
        <Table.Column dataIndex="time" title={t('transfers.time')} sorter render={time} />
        <Table.Column dataIndex="sender" title={t('transfers.sender')} render={party} />
        <Table.Column dataIndex="receiver" title={t('transfers.receiver')} render={party} />
        <Table.Column dataIndex="amount" title={t('common.amount')} sorter render={money} />
        <Table.Column
          dataIndex="id"
          title={t('transfers.tx')}
          render={(id: number, row: OperatorTransfer) => (
            <>
              #{id}
              {row.ref ? ` · ${row.ref}` : ''}
              {row.reversedBy !== null && (
                <Tag color="orange" style={{ marginLeft: 8 }}>
                  {t('transfers.reversed')} #{row.reversedBy}
                </Tag>
              )}
            </>
          )}
        />
      </Table>
    </List>
  );
}
