import {
  OPERATOR_BONUSES_PATH,
  operatorBonusGrant,
  type OperatorBonus,
  type OperatorBonusList,
} from '@aposta/contracts';
import { Alert, Button, Form, Input, InputNumber, Modal, Progress, Space, Table, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, idempotencyKey } from '../api/http';
import { ConfirmButton, useRun } from './actions';
import { money, time } from './format';
import { centavos, MoneyInput, reais } from './inputs';
import { useApiQuery } from './useApiQuery';

const STATUS_COLOR: Record<OperatorBonus['status'], string | undefined> = {
  active: 'blue',
  converted: 'green',
  forfeited: undefined,
  cancelled: 'red',
};
const cash = (minor: number | null) => (minor === null ? '—' : money(reais(minor)));

/**
 * A player's bonus grants (promo.manage): state and wagering progress, a grant with its own multiple and
 * expiry, and forfeiting an active one. `onChanged` reloads what shows the player's balances.
 */
export function PlayerBonuses({ userId, onChanged }: { userId: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const run = useRun();
  const bonuses = useApiQuery<OperatorBonusList>(OPERATOR_BONUSES_PATH, { userId });
  const [granting, setGranting] = useState(false);
  const changed = () => {
    void bonuses.refetch();
    onChanged();
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {/* The form starts from the list's answer (the usual multiple, what is left today): opened once it came. */}
      <Button type="primary" disabled={!bonuses.data} onClick={() => setGranting(true)}>
        {t('bonuses.grant')}
      </Button>
      {bonuses.error && <Alert type="error" showIcon message={bonuses.error.message} />}
      <Table<OperatorBonus>
        size="small"
        rowKey="id"
        data-testid="player-bonuses"
        loading={bonuses.isFetching}
        dataSource={bonuses.data?.list}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('bonuses.none') }}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('common.amount'), dataIndex: 'amount', render: cash },
          {
            title: t('bonuses.wagering'),
            key: 'wagering',
            render: (_: unknown, b) => {
              const done = b.required === 0 ? 1 : (b.required - b.remaining) / b.required;
              return (
                <div style={{ minWidth: 160 }}>
                  <Progress percent={Math.floor(done * 100)} size="small" />
                  <small>
                    {cash(b.required - b.remaining)} / {cash(b.required)}
                  </small>
                </div>
              );
            },
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (s: OperatorBonus['status']) => (
              <Tag color={STATUS_COLOR[s]}>{t(`bonuses.status.${s}`)}</Tag>
            ),
          },
          {
            title: t('bonuses.closedWith'),
            key: 'closed',
            render: (_: unknown, b) =>
              b.status === 'converted'
                ? cash(b.converted)
                : b.status === 'forfeited'
                  ? cash(b.forfeited)
                  : '—',
          },
          { title: t('common.createdAt'), dataIndex: 'createdAt', render: time },
          { title: t('bonuses.expiresAt'), dataIndex: 'expiresAt', render: time },
          { title: t('bonuses.closedAt'), dataIndex: 'closedAt', render: time },
          {
            key: 'actions',
            render: (_: unknown, b) =>
              b.status === 'active' && (
                <ConfirmButton
                  danger
                  title={t('bonuses.forfeitConfirm', { amount: cash(b.amount) })}
                  onConfirm={() =>
                    run(() => api('post', `${OPERATOR_BONUSES_PATH}/${b.id}/forfeit`), changed)
                  }
                >
                  {t('bonuses.forfeit')}
                </ConfirmButton>
              ),
          },
        ]}
      />
      {granting && bonuses.data && (
        <GrantForm
          userId={userId}
          start={bonuses.data}
          onClose={() => setGranting(false)}
          onGranted={changed}
        />
      )}
    </Space>
  );
}

interface GrantValues {
  amount: number;
  wageringMultiple: number;
  expiresInDays: number;
  reason: string;
}

/** A rule checking one field against the contract's own schema, with the field's message beside it. */
const fits =
  (field: keyof typeof operatorBonusGrant.shape, message: string, convert = (v: unknown) => v): Rule =>
  () => ({
    validator: async (_, value) => {
      if (!operatorBonusGrant.shape[field].safeParse(convert(value)).success) throw new Error(message);
    },
  });

/**
 * The grant form. Its `Idempotency-Key` is made when the form opens and kept until it closes, so a double
 * click or a retry after a lost answer pays once; a new opening is a new grant.
 */
function GrantForm({
  userId,
  start,
  onClose,
  onGranted,
}: {
  userId: number;
  start: OperatorBonusList;
  onClose: () => void;
  onGranted: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GrantValues>();
  const [key] = useState(idempotencyKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <Modal
      open
      title={t('bonuses.grantTitle')}
      okText={t('bonuses.grant')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
    >
      <Form<GrantValues>
        form={form}
        layout="vertical"
        name="bonus-grant"
        initialValues={{ wageringMultiple: start.wageringMultiple, expiresInDays: 7 }}
        onFinish={async (values) => {
          setBusy(true);
          setError(undefined);
          try {
            await api('post', OPERATOR_BONUSES_PATH, {
              body: { ...values, userId, amount: centavos(values.amount), reason: values.reason.trim() },
              extra: { 'Idempotency-Key': key },
            });
            onGranted();
            onClose();
          } catch (err) {
            // The form's rules are the contract's, so the server's one other refusal (400) is about the amount:
            // the players' daily maximum of operators' bonuses. It goes beside the amount; anything else above.
            if (err instanceof ApiError && err.statusCode === 400)
              form.setFields([{ name: 'amount', errors: [err.message] }]);
            else setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="amount"
          label={t('common.amount')}
          extra={t('bonuses.amountLeft', { left: cash(start.grantableToday), max: cash(start.dailyMax) })}
          rules={[fits('amount', t('bonuses.amountRange'), (v) => (typeof v === 'number' ? centavos(v) : v))]}
        >
          <MoneyInput autoFocus />
        </Form.Item>
        <Form.Item
          name="wageringMultiple"
          label={t('bonuses.multiple')}
          extra={t('bonuses.multipleHelp')}
          rules={[fits('wageringMultiple', t('bonuses.multipleRange'))]}
        >
          <InputNumber<number> precision={0} addonAfter="×" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="expiresInDays"
          label={t('bonuses.expiryDays')}
          rules={[fits('expiresInDays', t('bonuses.expiryRange'))]}
        >
          <InputNumber<number> precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('bonuses.reason')}
          rules={[fits('reason', t('bonuses.reasonRange'), (v) => (typeof v === 'string' ? v : ''))]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" message={error} />}
      </Form>
    </Modal>
  );
}
