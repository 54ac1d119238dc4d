import {
  maskCpf,
  OrderStatus,
  WITHDRAWAL_STATUS_FILTERS,
  type OperatorWithdrawal,
  type OperatorWithdrawalRow,
  type WithdrawalRisk,
} from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Form,
  Radio,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { ConfirmButton, TextActionButton, useRun } from '../components/actions';
import { ExclusionBalancesCard, EXCLUSION_BALANCES_PATH } from '../components/ExclusionBalancesCard';
import { ListFilters, periodFilters, type Period } from '../components/ListFilters';
import { money, time } from '../components/format';
import { MoneyInput } from '../components/inputs';
import { useApiQuery } from '../components/useApiQuery';
import { useNow, usePayoutTimes } from '../components/payoutAlerts';

const UNPAID: string[] = [OrderStatus.PENDING, OrderStatus.PAYING, OrderStatus.PAYING_ALT];

/**
 * An unpaid withdrawal's time against the payout deadline: minutes left (gold once the alert time is passed),
 * or minutes late (red).
 */
function DeadlineTag({
  createdAt,
  deadline,
  alertAt,
  now,
}: {
  createdAt: string;
  deadline: number;
  alertAt: number;
  now: number;
}) {
  const { t } = useTranslation();
  const waited = Math.floor((now - Date.parse(createdAt)) / 60_000);
  const left = deadline - waited;
  if (left < 0)
    return (
      <Tag color="red" data-testid="deadline">
        {t('withdrawals.overdue', { minutes: -left })}
      </Tag>
    );
  return (
    <Tag color={waited >= alertAt ? 'gold' : 'default'} data-testid="deadline">
      {t('withdrawals.timeLeft', { minutes: left })}
    </Tag>
  );
}

interface WithdrawalSearch {
  q?: string;
  minAmount?: number | null;
  maxAmount?: number | null;
  range?: Period;
}

const STATUS_COLOR: Record<string, string> = {
  [OrderStatus.PENDING]: 'gold',
  [OrderStatus.PAYING]: 'blue',
  [OrderStatus.PAYING_ALT]: 'blue',
  [OrderStatus.PAID]: 'green',
  [OrderStatus.FAILED]: 'red',
  [OrderStatus.CANCELLED]: 'default',
};

/** An order's status; a withdrawal closed by an operator's rejection says so (its status code is "cancelled"). */
export function OrderStatusTag({
  status,
  events,
}: {
  status: string;
  events?: readonly { event: string }[];
}) {
  const { t } = useTranslation();
  const rejected = status === OrderStatus.CANCELLED && events?.some((e) => e.event === 'rejected');
  return (
    <Tag color={rejected ? 'red' : STATUS_COLOR[status]}>
      {rejected ? t('withdrawals.event.rejected') : t(`orderStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/**
 * Where the payout goes: its key type and the key. A whole CPF (as finance receives it; the server masks it for
 * readers) is masked here (`***.456.789-**`, LGPD) unless `full`: only the detail opened for one order shows it.
 */
function destination(
  { payCardBank, payCardNo }: Pick<OperatorWithdrawalRow, 'payCardBank' | 'payCardNo'>,
  full = false,
) {
  const key = payCardNo ?? '';
  const whole = payCardBank === 'CPF' && key.replace(/\D/g, '').length === 11;
  return `${payCardBank ?? ''} ${whole && !full ? maskCpf(key) : key}`;
}

/**
 * The withdrawal queue, filtered (status, player, amount, period), sorted and paged by the server: approve,
 * reject with a reason, reconcile; the player's risk beside. Under the
 * Brazilian profile each unpaid one shows its time against the 120-minute deadline (rows near or past it
 * highlighted) and a banner lists those past the alert time (the payout report, read every 30 s and on a push).
 */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const [open, setOpen] = useState<OperatorWithdrawal>();
  const { tableProps, filters, setFilters, tableQuery, searchFormProps } = useTable<
    OperatorWithdrawalRow,
    never,
    WithdrawalSearch
  >({
    resource: 'withdrawals',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }] },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'pending' }] },
    syncWithLocation: true,
    onSearch: ({ q, minAmount, maxAmount, range }): CrudFilter[] => [
      { field: 'q', operator: 'eq', value: q?.trim() },
      { field: 'minAmount', operator: 'eq', value: minAmount ?? undefined },
      { field: 'maxAmount', operator: 'eq', value: maxAmount ?? undefined },
      ...periodFilters(range),
    ],
  });
  const payout = usePayoutTimes();
  const now = useNow();
  const deadline = payout.data?.enforced ? payout.data : null;
  const status = (filters.find((f) => 'field' in f && f.field === 'status')?.value as string) ?? 'pending';
  const queryClient = useQueryClient();
  const refresh = () => {
    void tableQuery.refetch();
    // A rejected or failed exclusion payout leaves that player's cash to the operators.
    void queryClient.invalidateQueries({ queryKey: ['api', EXCLUSION_BALANCES_PATH] });
  };
  const act = (id: number, action: string, body?: unknown) =>
    run(() => api('post', `/api/operator/withdrawals/${id}/${action}`, { body }), refresh);
  const amountInput = { style: { width: 160 } };

  return (
    <List title={t('withdrawals.title')}>
      {deadline && deadline.open.length > 0 && (
        <Alert
          type={deadline.open.some((o) => o.late) ? 'error' : 'warning'}
          showIcon
          role="alert"
          data-testid="deadline-banner"
          style={{ marginBottom: 16 }}
          message={t('withdrawals.deadlineBanner', {
            count: deadline.open.length,
            deadline: deadline.deadlineMinutes,
            orders: deadline.open.map((o) => `${o.orderId} (${o.minutesWaiting} min)`).join(', '),
          })}
        />
      )}
      <ExclusionBalancesCard />
      <Radio.Group
        value={status}
        onChange={(e) => setFilters([{ field: 'status', operator: 'eq', value: e.target.value }], 'merge')}
        optionType="button"
        style={{ marginBottom: 16 }}
        options={WITHDRAWAL_STATUS_FILTERS.map((f) => ({ value: f, label: t(`withdrawals.filter.${f}`) }))}
      />
      <ListFilters
        formProps={searchFormProps}
        label={t('withdrawals.filters')}
        searchHint={t('withdrawals.searchHint')}
        periodLabel={t('audit.period')}
      >
        <Form.Item name="minAmount" label={t('withdrawals.minAmount')}>
          <MoneyInput {...amountInput} />
        </Form.Item>
        <Form.Item name="maxAmount" label={t('withdrawals.maxAmount')}>
          <MoneyInput {...amountInput} />
        </Form.Item>
      </ListFilters>
      <Table
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1000 }}
        onRow={(row: OperatorWithdrawalRow) => {
          if (!deadline || !UNPAID.includes(row.status)) return {};
          const waited = (now - Date.parse(row.createdAt)) / 60_000;
          if (waited > deadline.deadlineMinutes)
            return { style: { background: '#fff1f0' }, 'data-deadline': 'late' };
          if (waited >= (deadline.alertMinutes ?? deadline.deadlineMinutes - 30))
            return { style: { background: '#fffbe6' }, 'data-deadline': 'near' };
          return {};
        }}
      >
        <Table.Column dataIndex="id" title="ID" />
        <Table.Column
          dataIndex="createdAt"
          key="createdAt"
          title={t('common.createdAt')}
          sorter
          render={time}
        />
        {deadline && (
          <Table.Column
            key="deadline"
            title={t('withdrawals.deadline')}
            render={(_, row: OperatorWithdrawalRow) =>
              UNPAID.includes(row.status) ? (
                <DeadlineTag
                  createdAt={row.createdAt}
                  deadline={deadline.deadlineMinutes}
                  alertAt={deadline.alertMinutes ?? deadline.deadlineMinutes - 30}
                  now={now}
                />
              ) : (
                '—'
              )
            }
          />
        )}
        <Table.Column
          dataIndex="userId"
          title={t('common.player')}
          render={(userId: number, row: OperatorWithdrawalRow) => (
            <>
              {allowed('players.read') ? (
                <Link to={`/players/${userId}`}>
                  #{userId} {row.name}
                </Link>
              ) : (
                `#${userId} ${row.name}`
              )}
              <br />
              <Typography.Text type="secondary">{row.email}</Typography.Text>
            </>
          )}
        />
        <Table.Column dataIndex="amount" key="amount" title={t('common.amount')} render={money} sorter />
        <Table.Column dataIndex="fee" title={t('withdrawals.fee')} render={money} />
        <Table.Column dataIndex="netAmount" title={t('withdrawals.net')} render={money} />
        <Table.Column
          title={t('withdrawals.destination')}
          render={(_, row: OperatorWithdrawalRow) => destination(row)}
        />
        <Table.Column
          dataIndex="status"
          title={t('common.status')}
          render={(s: string, row: OperatorWithdrawalRow) => (
            <OrderStatusTag status={s} events={row.events} />
          )}
        />
        <Table.Column
          title={t('common.actions')}
          fixed="right"
          render={(_, row: OperatorWithdrawalRow) => (
            <Space wrap>
              <Button size="small" onClick={() => setOpen(row)}>
                {t('common.details')}
              </Button>
              {row.status === OrderStatus.PENDING && allowed('withdrawals.approve') && (
                <ConfirmButton
                  type="primary"
                  title={t('withdrawals.approveConfirm', { amount: money(row.netAmount) })}
                  onConfirm={() => act(row.id, 'approve')}
                >
                  {t('withdrawals.approve')}
                </ConfirmButton>
              )}
              {row.status === OrderStatus.PENDING && allowed('withdrawals.reject') && (
                <TextActionButton
                  danger
                  title={t('withdrawals.rejectTitle', { id: row.id })}
                  label={t('withdrawals.reason')}
                  required
                  onSubmit={async (reason) => {
                    await api('post', `/api/operator/withdrawals/${row.id}/reject`, { body: { reason } });
                    refresh();
                  }}
                >
                  {t('withdrawals.reject')}
                </TextActionButton>
              )}
              {(row.status === OrderStatus.PAYING || row.status === OrderStatus.PAYING_ALT) &&
                allowed('withdrawals.reconcile') && (
                  <ConfirmButton
                    title={t('withdrawals.reconcileConfirm')}
                    onConfirm={() => act(row.id, 'reconcile')}
                  >
                    {t('withdrawals.reconcile')}
                  </ConfirmButton>
                )}
            </Space>
          )}
        />
      </Table>
      <Drawer
        open={!!open}
        onClose={() => setOpen(undefined)}
        width={560}
        title={open ? t('withdrawals.detailTitle', { id: open.id }) : ''}
      >
        {open && <WithdrawalDetail order={open} />}
      </Drawer>
    </List>
  );
}

function WithdrawalDetail({ order }: { order: OperatorWithdrawal }) {
  const { t } = useTranslation();
  const risk = useApiQuery<WithdrawalRisk>(`/api/operator/withdrawals/${order.id}/risk`);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('withdrawals.orderId')}>{order.orderId}</Descriptions.Item>
        <Descriptions.Item label={t('common.player')}>
          #{order.userId} {order.name}
        </Descriptions.Item>
        <Descriptions.Item label="WhatsApp">{order.whatsapp}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.destination')}>
          <span data-testid="withdrawal-destination">{destination(order, true)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('common.amount')}>{money(order.amount)}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.net')}>{money(order.netAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <OrderStatusTag status={order.status} events={order.events} />
        </Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5}>{t('withdrawals.risk')}</Typography.Title>
        {risk.error ? (
          <Alert type="warning" showIcon message={risk.error.message} />
        ) : (
          risk.data && <RiskSummary risk={risk.data} />
        )}
      </div>
      <div>
        <Typography.Title level={5}>{t('withdrawals.history')}</Typography.Title>
        <Timeline
          items={order.events.map((e) => ({
            children: (
              <>
                <b>{t(`withdrawals.event.${e.event}`, { defaultValue: e.event })}</b> · {time(e.at)}
                {e.note && (
                  <div>{e.note === 'selfExclusion' ? t('withdrawals.selfExclusionNote') : e.note}</div>
                )}
              </>
            ),
          }))}
        />
      </div>
    </Space>
  );
}

/** The player's risk summary beside the decision (GET /api/operator/withdrawals/:id/risk). */
function RiskSummary({ risk }: { risk: WithdrawalRisk }) {
  const { t } = useTranslation();
  const yesNo = (b: boolean) => (b ? t('common.yes') : t('common.no'));
  const rows: [string, ReactNode][] = [
    ['risk.email', risk.email],
    ['risk.deposits', `${money(risk.deposits.total)} (${risk.deposits.count})`],
    ['risk.withdrawals', `${money(risk.withdrawals.total)} (${risk.withdrawals.count})`],
    [
      'risk.chargebacks',
      risk.chargebacks.count ? (
        <Typography.Text type="danger" strong>
          {`${money(risk.chargebacks.total)} (${risk.chargebacks.count})`}
        </Typography.Text>
      ) : (
        '—'
      ),
    ],
    ['risk.net', money(risk.net)],
    ['risk.bets30d', `${risk.bets30d.count} · ${money(risk.bets30d.turnover)}`],
    [
      'risk.bonus',
      risk.bonus.active
        ? t('risk.bonusActive', {
            count: risk.bonus.count,
            amount: money(risk.bonus.amount),
            due: money(risk.bonus.wagerDue),
          })
        : t('common.no'),
    ],
    ['risk.accountAge', t('risk.days', { count: risk.accountAgeDays })],
    ['risk.sameIp', risk.sameIpAccounts ?? '—'],
    ['risk.sameDevice', risk.sameDeviceAccounts ?? '—'],
    ['risk.kyc', `${yesNo(risk.kyc.verified)} · ${risk.kyc.name} ${risk.kyc.cpfMasked}`],
    [
      'risk.rg',
      risk.rg.exclusion
        ? t(`risk.exclusion.${risk.rg.exclusion.kind}`, { until: time(risk.rg.exclusion.endsAt) })
        : t('risk.limitsSet', { count: risk.rg.limitsSet }),
    ],
  ];
  return (
    <Descriptions column={1} size="small" bordered data-testid="risk-summary">
      {risk.blocked ? (
        <Descriptions.Item label={t('risk.blocked')}>
          <Tag color="red">{t('risk.blockedSince', { at: time(risk.blocked.at) })}</Tag> {risk.blocked.reason}
        </Descriptions.Item>
      ) : null}
      {rows.map(([key, value]) => (
        <Descriptions.Item key={key} label={t(key)}>
          {value}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
