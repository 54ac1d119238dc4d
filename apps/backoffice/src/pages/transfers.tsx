import type { OperatorTransfer } from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Button, DatePicker, Form, Input, InputNumber, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money, time } from '../components/format';

interface TransferSearch {
  sender?: string;
  receiver?: string;
  minAmount?: number | null;
  maxAmount?: number | null;
  range?: [Dayjs | null, Dayjs | null] | null;
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
      { field: 'from', operator: 'eq', value: range?.[0]?.startOf('day').toISOString() },
      { field: 'to', operator: 'eq', value: range?.[1]?.endOf('day').toISOString() },
    ],
  });
  return (
    <List title={t('transfers.title')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="sender" label={t('transfers.sender')}>
          <Input allowClear placeholder={t('transfers.playerHint')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="receiver" label={t('transfers.receiver')}>
          <Input allowClear placeholder={t('transfers.playerHint')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="minAmount" label={t('transfers.minAmount')}>
          <InputNumber min={0} precision={2} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="maxAmount" label={t('transfers.maxAmount')}>
          <InputNumber min={0} precision={2} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="range" label={t('audit.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
      </Form>
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
