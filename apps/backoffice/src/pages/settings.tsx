import { List } from '@refinedev/antd';
import { Alert, Button, Form, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { json } from '../components/format';
import { saveSettings, SettingsCard, useSettings } from '../components/SettingsCard';

const NATIONAL_URL = 'rg.nationalSelfExclusionUrl';

/**
 * Every business setting (GET/PUT /api/operator/settings): one key at a time, its value as JSON (amounts in
 * minor units, as the settings keep them). The server checks each value; its refusal is shown in the form.
 * Above, the national self-exclusion link as a plain address field (the server accepts only http(s)).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const settings = useSettings();
  const [editing, setEditing] = useState<string>();
  const rows = Object.entries(settings.data ?? {}).map(([key, value]) => ({ key, value }));
  const filterable = (s: string) => s.toLowerCase();
  const [q, setQ] = useState('');
  return (
    <List title={t('settings.title')}>
      {settings.error && <Alert type="error" showIcon message={settings.error.message} />}
      <div style={{ maxWidth: 720, marginBottom: 16 }}>
        <SettingsCard<{ url: string }>
          title={t('settings.rg')}
          keys={[NATIONAL_URL]}
          settings={settings}
          toForm={(s) => ({ url: s[NATIONAL_URL] as string })}
          fromForm={(v) => ({ [NATIONAL_URL]: v.url.trim() })}
        >
          <Form.Item
            name="url"
            label={t('settings.nationalUrl')}
            extra={t('settings.nationalUrlHelp')}
            rules={[{ required: true, message: t('common.required') }]}
          >
            <Input inputMode="url" />
          </Form.Item>
        </SettingsCard>
      </div>
      <Input.Search
        placeholder={t('settings.search')}
        allowClear
        onChange={(e) => setQ(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <Table
        dataSource={rows.filter((r) => filterable(r.key).includes(filterable(q)))}
        loading={settings.isLoading}
        rowKey="key"
        size="small"
        pagination={{ pageSize: 50 }}
      >
        <Table.Column dataIndex="key" title={t('settings.key')} render={(k: string) => <code>{k}</code>} />
        <Table.Column
          dataIndex="value"
          title={t('settings.value')}
          render={(v: unknown) => (
            <Typography.Text ellipsis style={{ maxWidth: 520, fontFamily: 'monospace' }}>
              {JSON.stringify(v)}
            </Typography.Text>
          )}
        />
        {allowed('settings.write') && (
          <Table.Column
            title={t('common.actions')}
            render={(_, row: { key: string }) => (
              <Button size="small" onClick={() => setEditing(row.key)}>
                {t('common.edit')}
              </Button>
            )}
          />
        )}
      </Table>
      {editing && (
        <SettingEditor
          name={editing}
          value={settings.data?.[editing]}
          onClose={() => setEditing(undefined)}
          onSaved={() => void settings.refetch()}
        />
      )}
    </List>
  );
}

function SettingEditor({
  name,
  value,
  onClose,
  onSaved,
}: {
  name: string;
  value: unknown;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(json(value));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setError(t('settings.invalidJson'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await saveSettings({ [name]: parsed }, { [name]: value });
      onSaved();
      onClose();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={name}
      onCancel={onClose}
      onOk={save}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      width={640}
    >
      <Form layout="vertical">
        <Form.Item label={t('settings.valueJson')} validateStatus={error ? 'error' : undefined}>
          <Input.TextArea
            aria-label={t('settings.valueJson')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 20 }}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}
