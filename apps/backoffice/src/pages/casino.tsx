import {
  CASINO_CATEGORIES,
  OPERATOR_CASINO_PATH,
  type CasinoCategory,
  type CasinoGame,
  type CasinoGameUpdate,
  type CasinoLobby,
  type CasinoProvider,
} from '@aposta/contracts';
import { List } from '@refinedev/antd';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowed } from '../api/access';
import { api } from '../api/http';
import { useRun } from '../components/actions';
import { time } from '../components/format';
import { useApiQuery } from '../components/useApiQuery';

/** Casino providers and the lobby's games: enable, order, hot, category (casino.manage). */
export function CasinoPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const providers = useApiQuery<CasinoProvider[]>(`${OPERATOR_CASINO_PATH}/providers`);
  const lobby = useApiQuery<CasinoLobby>('/api/app/casino/games');
  const [addingProvider, setAddingProvider] = useState(false);
  const [rotating, setRotating] = useState<CasinoProvider>();
  const manage = allowed('casino.manage');
  const update = (gameCode: string, body: CasinoGameUpdate) =>
    run(
      () => api('post', `${OPERATOR_CASINO_PATH}/games/${encodeURIComponent(gameCode)}`, { body }),
      () => void lobby.refetch(),
    );
  return (
    <List title={t('casino.title')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card
          size="small"
          title={t('casino.providers')}
          extra={
            manage && (
              <Button size="small" onClick={() => setAddingProvider(true)}>
                {t('casino.addProvider')}
              </Button>
            )
          }
        >
          {providers.error && <Alert type="error" showIcon message={providers.error.message} />}
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            loading={providers.isLoading}
            dataSource={providers.data}
            columns={[
              { title: t('casino.code'), dataIndex: 'code' },
              { title: t('casino.name'), dataIndex: 'name' },
              {
                title: t('casino.signature'),
                dataIndex: 'signature',
                render: (s: string) => s.toUpperCase(),
              },
              {
                title: t('common.status'),
                dataIndex: 'enabled',
                render: (e: boolean) =>
                  e ? <Tag color="green">{t('casino.enabled')}</Tag> : <Tag>{t('casino.disabled')}</Tag>,
              },
              { title: t('casino.games'), dataIndex: 'games' },
              { title: t('common.createdAt'), dataIndex: 'createdAt', render: time },
              ...(manage
                ? [
                    {
                      key: 'key',
                      render: (_: unknown, p: CasinoProvider) => (
                        <Button size="small" onClick={() => setRotating(p)}>
                          {t('casino.rotateKey')}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
        <Card size="small" title={t('casino.lobby')}>
          {lobby.error && <Alert type="error" showIcon message={lobby.error.message} />}
          {manage && <GameByCode onSubmit={update} />}
          <Table<CasinoGame>
            size="small"
            rowKey="gameCode"
            loading={lobby.isLoading}
            dataSource={lobby.data?.games}
            pagination={{ pageSize: 20 }}
            scroll={{ x: 900 }}
            columns={[
              { title: t('casino.code'), dataIndex: 'gameCode' },
              { title: t('casino.name'), dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
              { title: t('casino.provider'), dataIndex: 'providerName' },
              {
                title: t('casino.category'),
                dataIndex: 'category',
                render: (c: CasinoCategory, g) =>
                  manage ? (
                    <Select<CasinoCategory>
                      size="small"
                      value={c}
                      style={{ width: 130 }}
                      onChange={(category: CasinoCategory) => void update(g.gameCode, { category })}
                      options={CASINO_CATEGORIES.map((x) => ({ value: x, label: x }))}
                    />
                  ) : (
                    c
                  ),
              },
              { title: 'RTP', dataIndex: 'rtp', render: (r: number) => `${r}%` },
              {
                title: t('casino.sort'),
                dataIndex: 'sort',
                sorter: (a, b) => a.sort - b.sort,
                render: (s: number, g) =>
                  manage ? (
                    <InputNumber
                      size="small"
                      min={0}
                      max={1_000_000}
                      defaultValue={s}
                      onBlur={(e) => {
                        const sort = Number(e.target.value);
                        if (Number.isInteger(sort) && sort !== s) void update(g.gameCode, { sort });
                      }}
                    />
                  ) : (
                    s
                  ),
              },
              {
                title: t('casino.hot'),
                dataIndex: 'hot',
                render: (hot: boolean, g) => (
                  <Switch
                    size="small"
                    checked={hot}
                    disabled={!manage}
                    onChange={(v) => void update(g.gameCode, { hot: v })}
                  />
                ),
              },
              {
                title: t('casino.enabled'),
                dataIndex: 'enabled',
                render: (e: boolean, g) => (
                  <Switch
                    size="small"
                    checked={e}
                    disabled={!manage}
                    onChange={(v) => void update(g.gameCode, { enabled: v })}
                  />
                ),
              },
            ]}
          />
        </Card>
      </Space>
      {addingProvider && (
        <ProviderForm onClose={() => setAddingProvider(false)} onSaved={() => void providers.refetch()} />
      )}
      {rotating && (
        <ProviderForm
          rotating={rotating}
          onClose={() => setRotating(undefined)}
          onSaved={() => void providers.refetch()}
        />
      )}
    </List>
  );
}

/** A game not in the lobby (disabled) is found by its code to enable it again. */
function GameByCode({ onSubmit }: { onSubmit: (code: string, body: CasinoGameUpdate) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Space style={{ marginBottom: 12 }} wrap>
      <Input
        placeholder={t('casino.gameCode')}
        aria-label={t('casino.gameCode')}
        value={code}
        onChange={(e) => setCode(e.target.value.trim())}
        style={{ width: 220 }}
      />
      <Button disabled={!code} onClick={() => void onSubmit(code, { enabled: true })}>
        {t('casino.enable')}
      </Button>
      <Button disabled={!code} onClick={() => void onSubmit(code, { enabled: false })}>
        {t('casino.disable')}
      </Button>
    </Space>
  );
}

/** Adds a provider, or with `rotating` gives an existing one a new key (its code and name stay). */
function ProviderForm({
  rotating,
  onClose,
  onSaved,
}: {
  rotating?: CasinoProvider;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string; name: string; secret?: string; publicKey?: string }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={rotating ? t('casino.rotateTitle', { name: rotating.name }) : t('casino.addProvider')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          setBusy(true);
          setError(undefined);
          const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v));
          try {
            await api(
              'post',
              rotating
                ? `${OPERATOR_CASINO_PATH}/providers/${encodeURIComponent(rotating.code)}/secret`
                : `${OPERATOR_CASINO_PATH}/providers`,
              { body },
            );
            onSaved();
            onClose();
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        {rotating ? (
          <Alert type="warning" showIcon message={t('casino.rotateHelp')} style={{ marginBottom: 16 }} />
        ) : (
          <>
            <Form.Item
              name="code"
              label={t('casino.code')}
              rules={[{ required: true, pattern: /^[a-z0-9][a-z0-9_-]{0,39}$/ }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="name" label={t('casino.name')} rules={[{ required: true }]}>
              <Input maxLength={80} />
            </Form.Item>
          </>
        )}
        <Form.Item name="secret" label={t('casino.secret')} extra={t('casino.secretHelp')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="publicKey" label={t('casino.publicKey')}>
          <Input.TextArea rows={4} placeholder="-----BEGIN PUBLIC KEY-----" />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}
