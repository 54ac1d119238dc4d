import {
  OPERATOR_PASSWORD_MIN_LENGTH,
  OPERATOR_ROLES,
  ROLE_PERMISSIONS,
  type BackofficeOperator,
  type OperatorCreateAnswer,
  type OperatorCreateRequest,
  type OperatorRole,
  type OperatorTotpResetAnswer,
} from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  QRCode,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { ConfirmButton, useFormCall } from '../components/actions';
import { time } from '../components/format';
import { trimmed } from '../components/rules';

/**
 * Operators: who may sign in, with which role; a new one's TOTP secret is shown once, as a QR code. Per operator:
 * another role, a new TOTP secret (a lost phone: shown once, as a new operator's), disable, or enable again (it
 * then signs in anew).
 */
export function OperatorsPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const [creating, setCreating] = useState(false);
  const { tableProps, tableQuery } = useTable<BackofficeOperator>({
    resource: 'operators',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'id', order: 'asc' }] },
    syncWithLocation: true,
  });
  return (
    <List
      title={t('operators.title')}
      headerButtons={
        // Only who may manage operators sees the action (the server refuses anyone else anyway).
        allowed('operators.manage') ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('operators.create')}
          </Button>
        ) : null
      }
    >
      <Table {...tableProps} rowKey="id" size="middle" scroll={{ x: 'max-content' }}>
        <Table.Column dataIndex="id" title="ID" sorter />
        <Table.Column dataIndex="email" title={t('players.email')} sorter />
        <Table.Column
          dataIndex="role"
          title={t('operators.role')}
          sorter
          render={(r: string) => (
            <Tooltip title={ROLE_PERMISSIONS[r as keyof typeof ROLE_PERMISSIONS]?.join(', ')}>
              <Tag color="blue">{t(`roles.${r}`)}</Tag>
            </Tooltip>
          )}
        />
        <Table.Column
          dataIndex="active"
          title={t('common.status')}
          render={(a: boolean) =>
            a ? <Tag color="green">{t('operators.active')}</Tag> : <Tag>{t('operators.disabled')}</Tag>
          }
        />
        <Table.Column dataIndex="createdAt" title={t('common.createdAt')} sorter render={time} />
        <Table.Column dataIndex="lastLoginAt" title={t('operators.lastLogin')} sorter render={time} />
        <Table.Column
          title={t('common.actions')}
          render={(_, row: BackofficeOperator) => (
            <OperatorActions row={row} onChanged={() => void tableQuery.refetch()} />
          )}
        />
      </Table>
      {creating && (
        <CreateOperator onClose={() => setCreating(false)} onCreated={() => void tableQuery.refetch()} />
      )}
    </List>
  );
}

/**
 * One operator's changes: its role (a select, then confirmed), a TOTP reset (its new secret shown once), disable or
 * enable. A refusal (the server's translated message) is shown here, beside the controls.
 */
function OperatorActions({ row, onChanged }: { row: BackofficeOperator; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { error, submit } = useFormCall();
  const [role, setRole] = useState<OperatorRole>(row.role);
  const [enrolment, setEnrolment] = useState<OperatorTotpResetAnswer>();
  const call = <T,>(action: string, body?: unknown, done?: (answer: T) => void) =>
    submit(async () => {
      const answer = await api<T>('post', `/api/operator/operators/${row.id}/${action}`, { body });
      void message.success(t('common.done'));
      done?.(answer);
      onChanged();
    });
  return (
    // As narrow as its controls: a refusal wraps under them, read whole on a phone's width too.
    <Space direction="vertical" size={4} style={{ width: 240 }}>
      <Space wrap size={4}>
        <Select
          size="small"
          aria-label={t('operators.newRole', { email: row.email })}
          value={role}
          onChange={setRole}
          style={{ width: 140 }}
          options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <ConfirmButton
          disabled={role === row.role}
          title={t('operators.changeRoleConfirm', { email: row.email, role: t(`roles.${role}`) })}
          onConfirm={() => call('role', { role })}
        >
          {t('operators.changeRole')}
        </ConfirmButton>
      </Space>
      <Space wrap size={4}>
        <ConfirmButton
          title={t('operators.resetTotpConfirm', { email: row.email })}
          onConfirm={() => call('totp-reset', undefined, setEnrolment)}
        >
          {t('operators.resetTotp')}
        </ConfirmButton>
        {row.active ? (
          <ConfirmButton
            danger
            title={t('operators.disableConfirm', { email: row.email })}
            onConfirm={() => call('disable')}
          >
            {t('operators.disable')}
          </ConfirmButton>
        ) : (
          <ConfirmButton
            title={t('operators.enableConfirm', { email: row.email })}
            onConfirm={() => call('enable')}
          >
            {t('operators.enable')}
          </ConfirmButton>
        )}
      </Space>
      {error && <Alert type="error" showIcon message={error} role="alert" />}
      {enrolment && (
        <Modal
          open
          title={t('operators.resetTotpDone', { email: row.email })}
          onCancel={() => setEnrolment(undefined)}
          onOk={() => setEnrolment(undefined)}
          okText={t('common.close')}
          cancelButtonProps={{ style: { display: 'none' } }}
          maskClosable={false}
        >
          <TotpEnrolment email={enrolment.operator.email} role={enrolment.operator.role} {...enrolment} />
        </Modal>
      )}
    </Space>
  );
}

/** A TOTP secret to enrol, shown once: as a QR code for the authenticator app, and as text to copy. */
function TotpEnrolment({
  email,
  role,
  totpSecret,
  otpauthUrl,
}: {
  email: string;
  role: OperatorRole;
  totpSecret: string;
  otpauthUrl: string;
}) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" align="center" style={{ width: '100%' }}>
      <Alert type="warning" showIcon message={t('operators.secretOnce')} />
      <QRCode value={otpauthUrl} size={200} />
      <Typography.Text copyable code data-testid="totp-secret">
        {totpSecret}
      </Typography.Text>
      <Typography.Text>
        {email} · {t(`roles.${role}`)}
      </Typography.Text>
    </Space>
  );
}

function CreateOperator({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OperatorCreateRequest>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<OperatorCreateAnswer>();
  return (
    <Modal
      open
      title={t('operators.create')}
      onCancel={onClose}
      onOk={() => (created ? onClose() : form.submit())}
      okText={created ? t('common.close') : t('operators.create')}
      cancelButtonProps={{ style: created ? { display: 'none' } : undefined }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      maskClosable={false}
    >
      {created ? (
        <TotpEnrolment {...created} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: 'support' }}
          onFinish={async (values) => {
            setBusy(true);
            setError(undefined);
            try {
              setCreated(
                await api<OperatorCreateAnswer>('post', '/api/operator/operators', { body: values }),
              );
              onCreated();
            } catch (err) {
              setError((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item
            name="email"
            label={t('login.email')}
            normalize={trimmed}
            rules={[{ required: true, type: 'email' }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            extra={t('operators.passwordHelp', { min: OPERATOR_PASSWORD_MIN_LENGTH })}
            rules={[{ required: true, min: OPERATOR_PASSWORD_MIN_LENGTH }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')} rules={[{ required: true }]}>
            <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} role="alert" />}
        </Form>
      )}
    </Modal>
  );
}
