import { DEPOSIT_STATUS, type OperatorDeposit } from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Button, Checkbox, DatePicker, Form, Input, Select, Table, Tag, Tooltip } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money, time } from '../components/format';
import { OrderStatusTag } from './withdrawals';

interface DepositSearch {
  q?: string;
  status?: string;
  flagged?: boolean;
  range?: [Dayjs | null, Dayjs | null] | null;
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
      { field: 'from', operator: 'eq', value: range?.[0]?.startOf('day').toISOString() },
      { field: 'to', operator: 'eq', value: range?.[1]?.endOf('day').toISOString() },
    ],
  });
  return (
    <List title={t('deposits.title')}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="q">
          <Input allowClear placeholder={t('deposits.searchHint')} style={{ width: 280 }} />
        </Form.Item>
        <Form.Item name="status" label={t('common.status')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={Object.keys(DEPOSIT_STATUS).map((s) => ({ value: s, label: t(`deposits.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('audit.period')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="flagged" valuePropName="checked">
          <Checkbox>{t('deposits.flaggedOnly')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
      </Form>
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
              {row.flag === 'payerMismatch' && <Tag color="orange">{t('deposits.returning')}</Tag>}
              {row.flag === 'returned' && <Tag color="blue">{t('deposits.returned')}</Tag>}
              {row.flag && !['chargedBack', 'payerMismatch', 'returned'].includes(row.flag) && (
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
