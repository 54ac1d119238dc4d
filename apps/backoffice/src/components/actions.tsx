import { App, Alert, Button, Form, Input, Modal, Popconfirm, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Runs an operator call; success and the server's refusal (its translated message) as a toast. */
export function useRun() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return async <T,>(call: () => Promise<T>, done?: (answer: T) => void): Promise<boolean> => {
    try {
      const answer = await call();
      void message.success(t('common.done'));
      done?.(answer);
      return true;
    } catch (err) {
      void message.error((err as Error).message);
      return false;
    }
  };
}

/** A form's call: busy while it runs; the server's refusal (its translated message) kept to show in the form. */
export function useFormCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async (call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
      return true;
    } catch (err) {
      setError((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, submit };
}

/** A button that asks "sure?" before a call that changes something. */
export function ConfirmButton({
  title,
  onConfirm,
  children,
  ...button
}: { title: ReactNode; onConfirm: () => Promise<unknown> } & ButtonProps) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button size="small" loading={busy} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/**
 * A button opening a small form (one text field, e.g. a rejection's reason); the call's refusal is shown in
 * the form, next to what caused it.
 */
export function TextActionButton({
  title,
  label,
  required = false,
  maxLength = 200,
  onSubmit,
  children,
  ...button
}: {
  title: string;
  label: string;
  required?: boolean;
  maxLength?: number;
  onSubmit: (text: string) => Promise<unknown>;
} & ButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [form] = Form.useForm<{ text: string }>();
  return (
    <>
      <Button size="small" {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Modal
        open={open}
        title={title}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={async ({ text }) => {
            setBusy(true);
            setError(undefined);
            try {
              await onSubmit(text?.trim() ?? '');
              setOpen(false);
            } catch (err) {
              setError((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Form.Item
            name="text"
            label={label}
            rules={[{ required, whitespace: true, message: t('common.required') }]}
          >
            <Input.TextArea rows={3} maxLength={maxLength} showCount autoFocus />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} role="alert" />}
        </Form>
      </Modal>
    </>
  );
}
