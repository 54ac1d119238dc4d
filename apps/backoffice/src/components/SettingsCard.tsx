import { SETTINGS_EXPECTED_KEY, settingsSchema } from '@aposta/contracts';
import { MoneyError } from '@aposta/money';
import { App, Button, Card, Form } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api, ApiError } from '../api/http';
import { FormError } from './FormFooter';
import { refusedPaths, useFieldRefusal } from './refusal';
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
 * (`fromForm`) with the stale check. The server checks each value; its refusal is shown beside the field(s) it
 * is about when `fieldOf` places them (the values the shared `settingsSchema` refuses in what was sent, else the
 * setting `refusedSetting` finds), else in the card. Without `settings.write` the form is read-only.
 */
export function SettingsCard<V extends object>(props: {
  title: string;
  /** The settings this card edits: the form starts again when one of them changes on the server. */
  keys: string[];
  settings: ReturnType<typeof useSettings>;
  toForm: (s: Settings) => V;
  fromForm: (v: V) => Settings;
  /**
   * The form field of a setting of this card, for a refusal shown beside it; `at`: where in the setting's value
   * (a row and its field, `[2, 'reward']`; empty for the whole value).
   */
  fieldOf?: (key: string, at: PropertyKey[]) => SettingField | undefined;
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
  const refusal = useFieldRefusal(form);
  const write = allowed('settings.write');
  return (
    <Form<V>
      aria-label={title}
      layout="vertical"
      form={form}
      disabled={!write}
      initialValues={toForm(read)}
      onValuesChange={refusal.clear}
      onFinish={async (values) => {
        let sent: Settings;
        try {
          sent = fromForm(values);
        } catch (err) {
          // An amount of more than two decimals or beyond the largest: its field already says so.
          if (err instanceof MoneyError) return;
          throw err;
        }
        setBusy(true);
        setError(undefined);
        try {
          await saveSettings(sent, read);
          void message.success(t('common.done'));
          await settings.refetch();
        } catch (err) {
          const text = (err as Error).message;
          // The values of this save the server refuses, checked with the same schema against the settings read.
          const paths = refusedPaths(err, settingsSchema, { ...read, ...sent }).filter(
            ([key]) => typeof key === 'string' && key in sent,
          );
          const key =
            !paths.length && err instanceof ApiError && err.statusCode === 400
              ? refusedSetting(text, sent, read)
              : undefined;
          const placed = (key === undefined ? paths : [[key]]).map(([k, ...at]) => {
            const field = fieldOf?.(String(k), at);
            // The key in the server's message is the setting's code: the operator knows it by its label.
            return field && { name: field.name, message: text.replace(String(k), `“${field.label}”`) };
          });
          if (!refusal.show(placed)) setError(text);
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
