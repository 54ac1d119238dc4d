import { ADJUSTMENT_STATUSES, type Adjustment, type OperatorProfile } from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import { useGetIdentity } from '@refinedev/core';
import { Alert, Button, Form, Input, Modal, Radio, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowed } from '../api/access';
import { api, ApiError } from '../api/http';
import { ConfirmButton, TextActionButton, useRun } from '../components/actions';
import { money, time } from '../components/format';
import { MoneyInput, NumberInput } from '../components/inputs';

const STATUS_COLOR = { pending: 'gold', approved: 'green', rejected: 'default' } as const;

/** Manual adjustments, two people: one proposes, another approves (the proposer cannot). */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const { data: me } = useGetIdentity<OperatorProfile | null>();
  const [proposing, setProposing] = useState(false);
  const { tableProps, filters, setFilters, tableQuery } = useTable<Adjustment>({
    resource: 'adjustments',
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'pending' }] },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    syncWithLocation: true,
  });
  const status = (filters.find((f) => 'field' in f && f.field === 'status')?.value as string) ?? 'pending';
  const refresh = () => void tableQuery.refetch();
  return (
    <List
      title={t('adjustments.title')}
      headerButtons={
        allowed('adjustments.propose') && (
          <Button type="primary" onClick={() => setProposing(true)}>
            {t('adjustments.propose')}
          </Button>
        )
      }
    >
      <Radio.Group
        value={status}
        optionType="button"
        style={{ marginBottom: 16 }}
        onChange={(e) => setFilters([{ field: 'status', operator: 'eq', value: e.target.value }], 'replace')}
        options={[...ADJUSTMENT_STATUSES, 'all'].map((s) => ({
          value: s,
          label: t(`adjustments.status.${s}`),
        }))}
      />
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 1100 }}>
        <Table.Column dataIndex="id" title="ID" />
        <Table.Column dataIndex="proposedAt" title={t('adjustments.proposedAt')} render={time} />
        <Table.Column
          dataIndex="email"
          title={t('common.player')}
          render={(email: string, row: Adjustment) => <Link to={`/players/${row.userId}`}>{email}</Link>}
        />
        <Table.Column dataIndex="amount" title={t('common.amount')} sorter render={money} />
        <Table.Column dataIndex="reason" title={t('adjustments.reason')} />
        <Table.Column dataIndex="proposedBy" title={t('adjustments.proposedBy')} />
        <Table.Column
          dataIndex="status"
          title={t('common.status')}
          render={(s: Adjustment['status'], row: Adjustment) => (
            <Tooltip
              title={row.rejectReason ?? (row.decidedBy ? `${row.decidedBy} · ${time(row.decidedAt)}` : '')}
            >
              <Tag color={STATUS_COLOR[s]}>{t(`adjustments.state.${s}`)}</Tag>
            </Tooltip>
          )}
        />
        <Table.Column
          title={t('common.actions')}
          fixed="right"
          // A fixed column without a width is as narrow as its title: Recusar was cut off.
          width={200}
          render={(_, row: Adjustment) =>
            row.status === 'pending' &&
            allowed('adjustments.approve') && (
              <Space>
                {row.proposedBy === me?.email ? (
                  <Tooltip title={t('adjustments.ownProposal')}>
                    <Button size="small" disabled>
                      {t('adjustments.approve')}
                    </Button>
                  </Tooltip>
                ) : (
                  <ConfirmButton
                    type="primary"
                    title={t('adjustments.approveConfirm', { amount: money(row.amount), email: row.email })}
                    onConfirm={() =>
                      run(() => api('post', `/api/operator/adjustments/${row.id}/approve`), refresh)
                    }
                  >
                    {t('adjustments.approve')}
                  </ConfirmButton>
                )}
                <TextActionButton
                  danger
                  title={t('adjustments.rejectTitle')}
                  label={t('adjustments.reason')}
                  required
                  maxLength={500}
                  onSubmit={async (reason) => {
                    await api('post', `/api/operator/adjustments/${row.id}/reject`, { body: { reason } });
                    refresh();
                  }}
                >
                  {t('adjustments.reject')}
                </TextActionButton>
              </Space>
            )
          }
        />
      </Table>
      {proposing && <ProposeModal onClose={() => setProposing(false)} onDone={refresh} />}
    </List>
  );
}

/** The proposal's refusals about one field: no such player (404), a debit above the player's cash (422). */
const FIELD_REFUSED: Partial<Record<number, 'userId' | 'amount'>> = { 404: 'userId', 422: 'amount' };

function ProposeModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userId: number; amount: number; reason: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('adjustments.propose')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('adjustments.propose')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          setBusy(true);
          setError(undefined);
          try {
            await api('post', '/api/operator/adjustments', { body: { ...values, currency: 'BRL' } });
            onDone();
            onClose();
          } catch (err) {
            // A refusal about one field goes beside it; anything else above the buttons.
            const field = err instanceof ApiError ? FIELD_REFUSED[err.statusCode] : undefined;
            if (field) form.setFields([{ name: field, errors: [(err as Error).message] }]);
            else setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="userId"
          label={t('adjustments.userId')}
          rules={[{ required: true }, { type: 'integer', min: 1 }]}
        >
          <NumberInput min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('adjustments.amount')}
          extra={t('adjustments.amountHelp')}
          rules={[
            { required: true },
            // Zero moves nothing: said under the field, before the server would refuse it.
            {
              validator: (_, v) =>
                v === 0 ? Promise.reject(new Error(t('adjustments.amountNonZero'))) : Promise.resolve(),
            },
          ]}
        >
          <MoneyInput min={undefined} step={1} />
        </Form.Item>
        <Form.Item name="reason" label={t('adjustments.reason')} rules={[{ required: true, min: 3 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}
