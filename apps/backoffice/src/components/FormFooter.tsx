import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The refusal of a form's last save, kept in sight above its buttons, with a reload of the record when the
 * refusal may mean it changed meanwhile (`onReload`).
 */
export function FormError({ error, onReload }: { error: string | null | undefined; onReload?: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      message={error}
      role="alert"
      style={{ marginBottom: 12 }}
      action={
        onReload && (
          <Button size="small" onClick={onReload}>
            {t('common.reload')}
          </Button>
        )
      }
    />
  );
}

/** The foot of an editing form: its refusal (`FormError`), then Save (submits the form) and Cancel. */
export function FormFooter({
  error,
  busy,
  onReload,
  onCancel,
}: {
  error: string | null | undefined;
  busy: boolean;
  onReload?: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormError error={error} onReload={onReload} />
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </>
  );
}
