import {
  CASINO_CATEGORIES,
  CASINO_SORT,
  OPERATOR_CASINO_PATH,
  type CasinoCategory,
  type CasinoGameUpdate,
  type CasinoProvider,
  type CasinoRound,
  type OperatorCasinoGame,
} from '@aposta/contracts';
import { List } from '@refinedev/antd';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAllowed } from '../api/access';
import { api, ApiError } from '../api/http';
import { useRun } from '../components/actions';
import { count, money, percent, time } from '../components/format';
import { NumberInput } from '../components/inputs';
import { StaleAlert } from '../components/StaleAlert';
import { useApiQuery } from '../components/useApiQuery';

/**
 * A game's place in the lobby, saved when the field is left: a cleared field goes back to the stored order
 * (never saved as 0); one out of bounds stays marked, with the bounds beside it, and is not sent.
 */
function SortInput({
  stored,
  label,
  onSave,
}: {
  stored: number;
  label: string;
  onSave: (sort: number) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(stored);
  const out = value !== null && (value < CASINO_SORT.min || value > CASINO_SORT.max);
  return (
    <Space direction="vertical" size={0}>
      <NumberInput
        size="small"
        min={CASINO_SORT.min}
        max={CASINO_SORT.max}
        precision={0}
        value={value}
        onChange={setValue}
        aria-label={label}
        onBlur={() => {
          // The field shows whole numbers (precision 0) but hands over what was typed: 5.5 is saved as the 6 shown.
          const sort = value === null ? null : Math.round(value);
          if (sort === null) setValue(stored);
          else if (!out && sort !== stored) onSave(sort);
        }}
      />
      {out && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {t('casino.sortBounds', {
            min: count(CASINO_SORT.min),
            max: count(CASINO_SORT.max),
          })}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * Casino providers and every game (disabled ones too): enable, order, hot, category (casino.manage). Each edit
 * carries the version of the game it was made on: one saved by someone else meanwhile is refused (409) and the
 * message stays at the top, with a reload.
 */
export function CasinoPage() {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const run = useRun();
  const providers = useApiQuery<CasinoProvider[]>(`${OPERATOR_CASINO_PATH}/providers`);
  const games = useApiQuery<OperatorCasinoGame[]>(`${OPERATOR_CASINO_PATH}/games`);
  const [addingProvider, setAddingProvider] = useState(false);
  const [rotating, setRotating] = useState<CasinoProvider>();
  const [stale, setStale] = useState<string>();
  const manage = allowed('casino.manage');
  // One game's edits go one after another, each on the version the one before was answered with: a second edit
  // made while the first was in flight (the order field left twice, a switch then the order) carried the
  // version the list showed, already taken by the first, and was refused as someone else's change.
  const saving = useRef(new Map<string, Promise<unknown>>());
  const savedVersion = useRef(new Map<string, number>());
  const update = (g: OperatorCasinoGame, change: Omit<CasinoGameUpdate, 'version'>) => {
    const save = () =>
      run(
        async () => {
          // The list's version when it is newer (another operator's change, reloaded and seen), else ours.
          const version = Math.max(g.version, savedVersion.current.get(g.gameCode) ?? 0);
          try {
            const saved = await api<OperatorCasinoGame>(
              'post',
              `${OPERATOR_CASINO_PATH}/games/${encodeURIComponent(g.gameCode)}`,
              { body: { ...change, version } },
            );
            savedVersion.current.set(g.gameCode, saved.version);
            return saved;
          } catch (err) {
            if (err instanceof ApiError && err.statusCode === 409) setStale(err.message);
            throw err;
          }
        },
        () => void games.refetch(),
      );
    const next = (saving.current.get(g.gameCode) ?? Promise.resolve()).then(save);
    saving.current.set(g.gameCode, next);
    return next;
  };
  return (
    <List title={t('casino.title')}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {stale && (
          <StaleAlert
            message={stale}
            onReload={() => {
              setStale(undefined);
              void games.refetch();
              void providers.refetch();
            }}
          />
        )}
        <RoundLookup />
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
            scroll={{ x: 'max-content' }}
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
          {games.error && <Alert type="error" showIcon message={games.error.message} />}
          <Table<OperatorCasinoGame>
            size="small"
            rowKey="gameCode"
            loading={games.isLoading}
            dataSource={games.data}
            pagination={{ pageSize: 20 }}
            scroll={{ x: 720 }}
            columns={[
              {
                // The code and the studio under the name: one column, so the editable ones fit a laptop's width.
                title: t('casino.name'),
                dataIndex: 'name',
                sorter: (a, b) => a.name.localeCompare(b.name),
                render: (name: string, g) => (
                  <>
                    {name}
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {g.gameCode} · {g.providerName}
                    </Typography.Text>
                  </>
                ),
              },
              {
                title: t('casino.category'),
                dataIndex: 'category',
                render: (c: CasinoCategory, g) =>
                  manage ? (
                    <Select<CasinoCategory>
                      size="small"
                      value={c}
                      style={{ width: 130 }}
                      onChange={(category: CasinoCategory) => void update(g, { category })}
                      options={CASINO_CATEGORIES.map((x) => ({ value: x, label: x }))}
                    />
                  ) : (
                    c
                  ),
              },
              { title: 'RTP', dataIndex: 'rtp', render: (r: number) => percent(r / 100) },
              {
                title: t('casino.sort'),
                dataIndex: 'sort',
                sorter: (a, b) => a.sort - b.sort,
                render: (s: number, g) =>
                  manage ? (
                    <SortInput
                      // A new version (a save, a reload) shows the stored order again.
                      key={g.version}
                      stored={s}
                      label={t('casino.sortOf', { name: g.name })}
                      onSave={(sort) => void update(g, { sort })}
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
                    aria-label={t('casino.hotOf', { name: g.name })}
                    onChange={(v) => void update(g, { hot: v })}
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
                    aria-label={t('casino.enabledOf', { name: g.name })}
                    onChange={(v) => void update(g, { enabled: v })}
                  />
                ),
              },
            ]}
          />
        </Card>
      </Space>
      {addingProvider && (
        <ProviderForm
          onClose={() => setAddingProvider(false)}
          onSaved={() => void providers.refetch()}
          onStale={setStale}
        />
      )}
      {rotating && (
        <ProviderForm
          rotating={rotating}
          onClose={() => setRotating(undefined)}
          onSaved={() => void providers.refetch()}
          onStale={setStale}
        />
      )}
    </List>
  );
}

const ROUND_STATE_COLOR: Record<CasinoRound['state'], string | undefined> = {
  open: 'blue',
  settled: 'green',
  rolledBack: 'orange',
};

/**
 * A casino round by its id (`provider:round`, as the player's bets list links it, `?round=`): the wallet calls
 * the provider made for it (bet, win, rollback) with the player's balance before and after each.
 */
function RoundLookup() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('round')?.trim() ?? '';
  const [text, setText] = useState(id);
  const round = useApiQuery<CasinoRound>(
    id ? `${OPERATOR_CASINO_PATH}/rounds/${encodeURIComponent(id)}` : null,
  );
  const r = round.data;
  return (
    <Card size="small" title={t('casino.round')}>
      <Form layout="vertical">
        <Form.Item
          label={t('casino.roundId')}
          extra={t('casino.roundIdHelp')}
          validateStatus={round.error ? 'error' : undefined}
          help={round.error?.message}
        >
          <Input.Search
            value={text}
            allowClear
            enterButton={t('common.search')}
            aria-label={t('casino.roundId')}
            style={{ maxWidth: 480 }}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => {
              const next = new URLSearchParams(params);
              if (v.trim()) next.set('round', v.trim());
              else next.delete('round');
              setParams(next);
            }}
            loading={round.isFetching}
          />
        </Form.Item>
      </Form>
      {r && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="casino-round">
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 4 }}>
            <Descriptions.Item label={t('casino.roundId')}>{r.roundId}</Descriptions.Item>
            <Descriptions.Item label={t('casino.provider')}>{r.provider}</Descriptions.Item>
            <Descriptions.Item label={t('casino.game')}>
              {r.gameName} ({r.gameCode})
            </Descriptions.Item>
            <Descriptions.Item label={t('common.player')}>
              <Link to={`/players/${r.userId}`}>#{r.userId}</Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('casino.stake')}>{money(r.stake)}</Descriptions.Item>
            <Descriptions.Item label={t('casino.win')}>{money(r.win)}</Descriptions.Item>
            <Descriptions.Item label={t('common.status')}>
              <Tag color={ROUND_STATE_COLOR[r.state]}>{t(`casino.roundStates.${r.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('casino.startedAt')}>{time(r.startedAt)}</Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="transactionUuid"
            pagination={false}
            dataSource={r.steps}
            scroll={{ x: 800 }}
            columns={[
              { title: t('casino.call'), dataIndex: 'call', render: (c: string) => t(`casino.calls.${c}`) },
              { title: t('casino.transaction'), dataIndex: 'transactionUuid' },
              { title: t('common.amount'), dataIndex: 'amount', render: money },
              {
                title: t('common.status'),
                dataIndex: 'status',
                render: (s: string) => t(`casino.stepStates.${s}`),
              },
              { title: t('casino.balanceBefore'), dataIndex: 'balanceBefore', render: money },
              { title: t('casino.balanceAfter'), dataIndex: 'balanceAfter', render: money },
              { title: t('players.time'), dataIndex: 'at', render: time },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}

/**
 * Adds a provider, or with `rotating` gives an existing one a new key (its code and name stay). It sends the
 * version it was opened on (0: a new provider, so an existing code is not overwritten); a 409 closes it and is
 * shown on the page (`onStale`), with a reload.
 */
function ProviderForm({
  rotating,
  onClose,
  onSaved,
  onStale,
}: {
  rotating?: CasinoProvider;
  onClose: () => void;
  onSaved: () => void;
  onStale: (message: string) => void;
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
          const body = {
            ...Object.fromEntries(Object.entries(values).filter(([, v]) => v)),
            version: rotating?.version ?? 0,
          };
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
            if (err instanceof ApiError && err.statusCode === 409) {
              onStale(err.message);
              onClose();
            } else setError((err as Error).message);
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
              rules={[
                { required: true },
                { pattern: /^[a-z0-9][a-z0-9_-]{0,39}$/, message: t('casino.codePattern') },
              ]}
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
