import { SETTINGS_EXPECTED_KEY } from '@aposta/contracts';
import { App, Button, Card, Form } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api, ApiError } from '../api/http';
import { FormError } from './FormFooter';
import { useApiQuery } from './useApiQuery';

/** The business settings as the server answers them (`settingsSchema` in the contracts package). */
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

/** Where a setting is edited in a card's form: the field's name, and its label (named in the server's message). */
export type SettingField = { name: NamePath; label: string };

/**
 * The setting a 400 is about, among those a save sent: the one its message names (`fieldInvalid` names the key),
 * else the only one that changed (the others were sent as read, so they are not the one refused).
 */
export function refusedSetting(message: string, sent: Settings, read: Settings): string | undefined {
  const keys = Object.keys(sent);
  const named = keys.find((k) => message.includes(k));
  if (named) return named;
  const changed = keys.filter((k) => JSON.stringify(sent[k]) !== JSON.stringify(read[k]));
  return changed.length === 1 ? changed[0] : undefined;
}

/**
 * A structured editor of some settings: a form built from the values read (`toForm`), saved as settings
 * (`fromForm`) with the stale check. The server checks each value; its refusal is shown beside the field it
 * is about when `fieldOf` places it, else in the card. Without `settings.write` the form is read-only.
 */
export function SettingsCard<V extends object>(props: {
  title: string;
  /** The settings this card edits: the form starts again when one of them changes on the server. */
  keys: string[];
  settings: ReturnType<typeof useSettings>;
  toForm: (s: Settings) => V;
  fromForm: (v: V) => Settings;
  /** The form field of a setting of this card, for a refusal shown beside it. */
  fieldOf?: (key: string) => SettingField | undefined;
  children: ReactNode;
}) {
  const { title, keys, settings } = props;
  const read = settings.data;
  return (
    <Card size="small" title={title} loading={settings.isLoading}>
      {/* Its own form instance per reading: a kept instance would keep the old values over the new ones. */}
      {read && <SettingsForm key={JSON.stringify(keys.map((k) => read[k]))} {...props} read={read} />}
    </Card>
  );
}

function SettingsForm<V extends object>({
  title,
  settings,
  read,
  toForm,
  fromForm,
  fieldOf,
  children,
}: Parameters<typeof SettingsCard<V>>[0] & { read: Settings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const allowed = useAllowed();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<V>();
  const write = allowed('settings.write');
  return (
    <Form<V>
      aria-label={title}
      layout="vertical"
      form={form}
      disabled={!write}
      initialValues={toForm(read)}
      onFinish={async (values) => {
        setBusy(true);
        setError(undefined);
        const sent = fromForm(values);
        try {
          await saveSettings(sent, read);
          void message.success(t('common.done'));
          await settings.refetch();
        } catch (err) {
          const text = (err as Error).message;
          const key =
            err instanceof ApiError && err.statusCode === 400 ? refusedSetting(text, sent, read) : undefined;
          const field = key === undefined ? undefined : fieldOf?.(key);
          if (field) {
            // The key in the server's message is the setting's code: the operator knows it by its label.
            form.setFields([{ name: field.name, errors: [text.replace(key!, `“${field.label}”`)] }]);
            form.scrollToField(field.name);
          } else setError(text);
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
  );
}
