import { PLAYER_STATUSES, type PlayerRow } from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { Form, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money, time } from '../components/format';
import { ListFilters } from '../components/ListFilters';

export const PLAYER_STATUS_COLOR = { active: 'green', blocked: 'red', excluded: 'orange' } as const;

/** Player search: e-mail, name, CPF, invitation code or id; sorted and paged by the server. */
export function PlayersPage() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useTable<PlayerRow, never, { q?: string; status?: string }>({
    resource: 'players',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: true,
    onSearch: ({ q, status }): CrudFilter[] => [
      { field: 'q', operator: 'eq', value: q?.trim() },
      { field: 'status', operator: 'eq', value: status },
    ],
  });
  return (
    <List title={t('players.title')}>
      <ListFilters
        formProps={searchFormProps}
        label={t('players.filters')}
        searchHint={t('players.searchHint')}
        searchLabel={t('players.search')}
      >
        <Form.Item name="status" label={t('common.status')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={PLAYER_STATUSES.map((s) => ({ value: s, label: t(`players.status.${s}`) }))}
          />
        </Form.Item>
      </ListFilters>
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 1000 }}>
        <Table.Column dataIndex="id" title="ID" sorter />
        <Table.Column
          dataIndex="email"
          title={t('players.email')}
          sorter
          render={(email: string, row: PlayerRow) => <Link to={`/players/${row.id}`}>{email}</Link>}
        />
        <Table.Column dataIndex="name" title={t('players.name')} sorter />
        <Table.Column dataIndex="cpfMasked" title="CPF" />
        <Table.Column dataIndex="yqm" title={t('players.code')} />
        <Table.Column dataIndex="vipLevel" title="VIP" />
        <Table.Column dataIndex="cash" title={t('players.cash')} render={money} />
        <Table.Column dataIndex="bonus" title={t('players.bonus')} render={money} />
        <Table.Column
          dataIndex="status"
          title={t('common.status')}
          render={(s: PlayerRow['status'], row: PlayerRow) => (
            <>
              <Tag color={PLAYER_STATUS_COLOR[s]}>{t(`players.status.${s}`)}</Tag>
              {row.test && <Tag>{t('players.test')}</Tag>}
            </>
          )}
        />
        <Table.Column dataIndex="createdAt" title={t('common.createdAt')} sorter render={time} />
      </Table>
    </List>
  );
}
