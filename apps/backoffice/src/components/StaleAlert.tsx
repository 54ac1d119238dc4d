import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A write refused because someone saved the record after this screen read it (409 `staleVersion`): the
 * server's message, kept on screen with a reload of what was read.
 */
export function StaleAlert({ message, onReload }: { message: string; onReload: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      message={message}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" onClick={onReload}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
