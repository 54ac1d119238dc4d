import { SETTINGS_EXPECTED_KEY } from '@aposta/contracts';
import { App, Button, Card, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { FormError } from './FormFooter';
import { useApiQuery } from './useApiQuery';

/** The business settings as the server answers them (apps/server/src/modules/settings/settings.schema.ts). */
export type Settings = Record<string, unknown>;

export const useSettings = () => useApiQuery<Settings>('/api/operator/settings');

/**
 * Writes settings with the values the form read as `expected`: a change someone made since is refused
 * (409 staleVersion) instead of being overwritten.
 */
export const saveSettings = (patch: Settings, read: Settings | undefined) =>
  api<Settings>('put', '/api/operator/settings', {
    body: {
      ...patch,
      [SETTINGS_EXPECTED_KEY]: Object.fromEntries(Object.keys(patch).map((k) => [k, read?.[k]])),
    },
  });

/**
 * A structured editor of some settings: a form built from the values read (`toForm`), saved as settings
 * (`fromForm`) with the stale check. The server checks each value; its refusal is shown in the card. Without
 * `settings.write` the form is read-only.
 */
export function SettingsCard<V extends object>({
  title,
  keys,
  settings,
  toForm,
  fromForm,
  children,
}: {
  title: string;
  /** The settings this card edits: the form starts again when one of them changes on the server. */
  keys: string[];
  settings: ReturnType<typeof useSettings>;
  toForm: (s: Settings) => V;
  fromForm: (v: V) => Settings;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = useAllowed();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const read = settings.data;
  const write = allowed('settings.write');
  return (
    <Card size="small" title={title} loading={settings.isLoading}>
      {read && (
        <Form<V>
          key={JSON.stringify(keys.map((k) => read[k]))}
          aria-label={title}
          layout="vertical"
          disabled={!write}
          initialValues={toForm(read)}
          onFinish={async (values) => {
            setBusy(true);
            setError(undefined);
            try {
              await saveSettings(fromForm(values), read);
              void message.success(t('common.done'));
              await settings.refetch();
            } catch (err) {
              setError((err as Error).message);
            } finally {
              setBusy(false);
            }
          }}
        >
          {children}
          <FormError
            error={error}
            onReload={() => {
              setError(undefined);
              void settings.refetch();
            }}
          />
          {write && (
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('common.save')}
            </Button>
          )}
        </Form>
      )}
    </Card>
  );
}
