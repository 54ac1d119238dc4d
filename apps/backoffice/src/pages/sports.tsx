import {
  effectivePrice,
  MARGIN_SHIFT_BP,
  OVERRIDE_PRICE,
  SPORTS,
  SPORTS_OPERATOR_PATH,
  type CreateEventRequest,
  type EventResultAnswer,
  type EventResultRequest,
  type LiabilityAnswer,
  type OperatorEventRow,
  type SportsEventDetail,
  type SportsEventStatus,
  type TradingEvent,
  type TradingMarket,
} from '@aposta/contracts';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  type FormItemProps,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../api/http';
import { ConfirmButton, useRun } from '../components/actions';
import { ListFilters, periodFilters, type Period } from '../components/ListFilters';
import { decimal, fromPicker, money, time, toPicker } from '../components/format';
import { decimalSeparator } from '../components/inputs';
import { useApiQuery } from '../components/useApiQuery';

const MARKET_COLOR: Record<string, string> = {
  open: 'green',
  suspended: 'orange',
  closed: 'default',
  settled: 'blue',
  void: 'red',
};

const eventName = (e: { home: string; away: string }) => `${e.home} × ${e.away}`;

const EVENT_STATUS_COLOR: Record<SportsEventStatus, string> = {
  scheduled: 'default',
  live: 'red',
  finished: 'orange',
  settled: 'blue',
  cancelled: 'default',
};
/** The list's tabs: the states they ask for (Finalizados: over, with or without a result yet). */
const STATUS_TABS = {
  all: undefined,
  scheduled: 'scheduled',
  live: 'live',
  finished: 'finished,settled',
  cancelled: 'cancelled',
} as const;
type StatusTab = keyof typeof STATUS_TABS;

interface EventSearch {
  q?: string;
  sportId?: string;
  range?: Period;
}

/**
 * Trading: every event (the server filters, sorts and pages: state, sport, a team's or competition's name,
 * start) and those carrying open bets (liability), an event's markets (suspend, reopen, void), its result (a
 * later different result resettles its bets) and new events.
 */
export function SportsPage() {
  const { t } = useTranslation();
  const [eventId, setEventId] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [tab, setTab] = useState<StatusTab>('all');
  const { tableProps, setFilters, searchFormProps, tableQuery } = useTable<
    OperatorEventRow,
    never,
    EventSearch
  >({
    resource: 'sportsEvents',
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'startsAt', order: 'desc' }] },
    syncWithLocation: false,
    onSearch: ({ q, sportId, range }): CrudFilter[] => [
      { field: 'q', operator: 'eq', value: q?.trim() },
      { field: 'sportId', operator: 'eq', value: sportId },
      ...periodFilters(range),
    ],
  });
  const liability = useApiQuery<LiabilityAnswer>(`${SPORTS_OPERATOR_PATH}/liability`);
  return (
    <List
      title={t('sports.title')}
      headerButtons={
        <Space wrap>
          <Input.Search
            placeholder={t('sports.openById')}
            aria-label={t('sports.openById')}
            style={{ width: 220 }}
            onSearch={(v) => /^\d{1,18}$/.test(v.trim()) && setEventId(v.trim())}
          />
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('sports.create')}
          </Button>
        </Space>
      }
    >
      <Tabs
        items={[
          {
            key: 'events',
            label: t('sports.events'),
            children: (
              <>
                <Radio.Group
                  value={tab}
                  optionType="button"
                  style={{ marginBottom: 16 }}
                  onChange={(e) => {
                    const next = e.target.value as StatusTab;
                    setTab(next);
                    setFilters([{ field: 'status', operator: 'eq', value: STATUS_TABS[next] }], 'merge');
                  }}
                  options={(Object.keys(STATUS_TABS) as StatusTab[]).map((k) => ({
                    value: k,
                    label: t(`sports.statusFilter.${k}`),
                  }))}
                />
                <ListFilters
                  formProps={searchFormProps}
                  label={t('sports.eventFilters')}
                  searchHint={t('sports.searchHint')}
                  periodLabel={t('sports.startsAt')}
                >
                  <Form.Item name="sportId">
                    <Select
                      allowClear
                      aria-label={t('sports.sport')}
                      placeholder={t('sports.sport')}
                      style={{ width: 180 }}
                      options={SPORTS.map((s) => ({ value: s, label: t(`sportNames.${s}`) }))}
                    />
                  </Form.Item>
                </ListFilters>
                <Table {...tableProps} rowKey="eventId" size="middle" scroll={{ x: 1000 }}>
                  <Table.Column dataIndex="eventId" key="eventId" title="ID" sorter />
                  <Table.Column
                    dataIndex="sport"
                    key="sport"
                    title={t('sports.sport')}
                    sorter
                    render={(s: string) => t(`sportNames.${s}`)}
                  />
                  <Table.Column
                    dataIndex="competition"
                    key="competition"
                    title={t('sports.competition')}
                    sorter
                  />
                  <Table.Column
                    title={t('sports.event')}
                    render={(_, e: OperatorEventRow) => (
                      <Button type="link" onClick={() => setEventId(e.eventId)} style={{ padding: 0 }}>
                        {eventName(e)}
                      </Button>
                    )}
                  />
                  <Table.Column
                    dataIndex="startsAt"
                    key="startsAt"
                    title={t('sports.startsAt')}
                    sorter
                    render={time}
                  />
                  <Table.Column
                    dataIndex="status"
                    title={t('sports.status')}
                    render={(s: SportsEventStatus) => (
                      <Tag color={EVENT_STATUS_COLOR[s]}>{t(`sports.eventStatus.${s}`)}</Tag>
                    )}
                  />
                  <Table.Column
                    title={t('sports.score')}
                    render={(_, e: OperatorEventRow) =>
                      e.result ? (
                        <>
                          {scoreOf(e.result)}
                          {e.resultVersion > 1 && (
                            <Tag color="orange" style={{ marginLeft: 8 }}>
                              {t('sports.corrected', { version: e.resultVersion })}
                            </Tag>
                          )}
                        </>
                      ) : e.live ? (
                        <Tag color="red">
                          {e.score.home}-{e.score.away} · {e.minute ?? ''}'
                        </Tag>
                      ) : (
                        '—'
                      )
                    }
                  />
                  <Table.Column dataIndex="markets" title={t('sports.openMarkets')} />
                </Table>
              </>
            ),
          },
          {
            key: 'liability',
            label: t('sports.liability'),
            children: (
              <Table
                size="middle"
                rowKey="eventId"
                loading={liability.isLoading}
                dataSource={liability.data?.events}
                columns={[
                  { title: 'ID', dataIndex: 'eventId' },
                  {
                    title: t('sports.event'),
                    render: (_, e) => (
                      <Button type="link" onClick={() => setEventId(e.eventId)} style={{ padding: 0 }}>
                        {eventName(e)}
                      </Button>
                    ),
                  },
                  { title: t('sports.startsAt'), dataIndex: 'startsAt', render: time },
                  { title: t('sports.bets'), dataIndex: 'bets' },
                  { title: t('sports.stakes'), dataIndex: 'stakes', render: money },
                  { title: t('sports.liability'), dataIndex: 'liability', render: money },
                  {
                    title: t('sports.alerts'),
                    render: (_, e) =>
                      e.markets.some((m) => m.alert) ? <Tag color="red">{t('sports.alert')}</Tag> : null,
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <Drawer
        open={!!eventId}
        onClose={() => {
          setEventId(undefined);
          // A result or a market action changed what the list shows.
          void tableQuery.refetch();
        }}
        width={Math.min(900, window.innerWidth)}
        title={t('sports.eventTitle', { id: eventId })}
        destroyOnHidden
      >
        {eventId && <EventDetail eventId={eventId} />}
      </Drawer>
      {creating && <CreateEvent onClose={() => setCreating(false)} onCreated={(id) => setEventId(id)} />}
    </List>
  );
}

function EventDetail({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const run = useRun();
  const [editing, setEditing] = useState<TradingMarket>();
  /** After a result: the settlement job runs a moment later, so the bets' figures are read again until then. */
  const [watchUntil, setWatchUntil] = useState(0);
  const detail = useApiQuery<TradingEvent>(`${SPORTS_OPERATOR_PATH}/events/${eventId}/trading`);
  const liability = useApiQuery<LiabilityAnswer>(`${SPORTS_OPERATOR_PATH}/liability`, { eventId });
  const exposure = new Map(liability.data?.events[0]?.markets.map((m) => [m.marketId, m] as const) ?? []);
  const refresh = () => {
    void detail.refetch();
    void liability.refetch();
  };
  const { refetch } = detail;
  useEffect(() => {
    if (!watchUntil) return;
    const timer = setInterval(() => {
      if (Date.now() > watchUntil) setWatchUntil(0);
      else void refetch();
    }, 1000);
    return () => clearInterval(timer);
  }, [watchUntil, refetch]);
  const act = (m: TradingMarket, action: 'suspend' | 'open' | 'void') =>
    run(() => api('post', `${SPORTS_OPERATOR_PATH}/markets/${m.marketId}/${action}`), refresh);
  if (detail.error) return <Alert type="error" showIcon message={detail.error.message} />;
  const d = detail.data;
  if (!d) return null;
  const traded = (m: TradingMarket) => !['closed', 'settled', 'void'].includes(m.status);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {eventName(d.event)}{' '}
        <Tag>
          {d.event.score.home}-{d.event.score.away}
        </Tag>
        {d.resultVersion > 1 && (
          <Tag color="orange">{t('sports.corrected', { version: d.resultVersion })}</Tag>
        )}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t(`sportNames.${d.event.sport}`)} · {d.event.competition} · {time(d.event.startsAt)}
      </Typography.Text>
      <Descriptions size="small" column={{ xs: 1, sm: 3, lg: 5 }} bordered data-testid="event-bets">
        <Descriptions.Item label={t('sports.bets')}>{d.bets.count}</Descriptions.Item>
        <Descriptions.Item label={t('sports.betsOpen')}>{d.bets.open}</Descriptions.Item>
        <Descriptions.Item label={t('sports.betsSettled')}>{d.bets.settled}</Descriptions.Item>
        <Descriptions.Item label={t('sports.stakes')}>{money(d.bets.stakes)}</Descriptions.Item>
        <Descriptions.Item label={t('sports.paid')}>{money(d.bets.paid)}</Descriptions.Item>
      </Descriptions>
      <ResultForm
        event={d}
        onDone={() => {
          refresh();
          setWatchUntil(Date.now() + 20_000);
        }}
      />
      <Table
        size="small"
        rowKey="marketId"
        dataSource={d.markets}
        pagination={{ pageSize: 15 }}
        scroll={{ x: 760 }}
        columns={[
          {
            title: t('sports.market'),
            render: (_, m: TradingMarket) =>
              `${t(`marketTypes.${m.type}`, { defaultValue: m.type })}${m.line === null ? '' : ` ${m.line}`} · ${t(`gamePeriods.${m.period}`, { defaultValue: `P${m.period}` })}`,
          },
          {
            title: t('sports.prices'),
            render: (_, m: TradingMarket) => (
              <Space size={[8, 0]} wrap>
                {m.selections.map((s) => (
                  <span key={s.selectionId}>
                    {t(`selectionNames.${s.name}`, { defaultValue: s.name })}{' '}
                    <Typography.Text strong={s.price !== s.enginePrice}>{decimal(s.price)}</Typography.Text>
                    {s.price !== s.enginePrice && (
                      <Typography.Text type="secondary" delete style={{ marginLeft: 4 }}>
                        {decimal(s.enginePrice)}
                      </Typography.Text>
                    )}
                  </span>
                ))}
                {overridden(m) && (
                  <Tag color="purple">
                    {m.marginShiftBp
                      ? t('sports.marginTag', { bp: signed(m.marginShiftBp) })
                      : t('sports.overrideTag')}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: t('common.status'),
            dataIndex: 'status',
            render: (s: string) => <Tag color={MARKET_COLOR[s]}>{t(`marketStatus.${s}`)}</Tag>,
          },
          {
            title: t('sports.liability'),
            render: (_, m: TradingMarket) => {
              const x = exposure.get(m.marketId);
              return x ? (
                <span style={{ color: x.alert ? '#dc2626' : undefined }}>{money(x.liability)}</span>
              ) : (
                '—'
              );
            },
          },
          {
            title: t('common.actions'),
            render: (_, m: TradingMarket) => (
              <Space wrap>
                {traded(m) && (
                  <Button size="small" onClick={() => setEditing(m)}>
                    {t('sports.editPrices')}
                  </Button>
                )}
                {m.status === 'open' && (
                  <ConfirmButton title={t('sports.suspendConfirm')} onConfirm={() => act(m, 'suspend')}>
                    {t('sports.suspend')}
                  </ConfirmButton>
                )}
                {m.status === 'suspended' && (
                  <ConfirmButton title={t('sports.reopenConfirm')} onConfirm={() => act(m, 'open')}>
                    {t('sports.reopen')}
                  </ConfirmButton>
                )}
                {['open', 'suspended', 'closed'].includes(m.status) && (
                  <ConfirmButton danger title={t('sports.voidConfirm')} onConfirm={() => act(m, 'void')}>
                    {t('sports.void')}
                  </ConfirmButton>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <PriceEditor
          market={editing}
          onClose={() => setEditing(undefined)}
          onDone={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
    </Space>
  );
}

const overridden = (m: TradingMarket) =>
  m.marginShiftBp !== 0 || m.selections.some((s) => s.override !== null);
const signed = (bp: number) => `${bp > 0 ? '+' : ''}${decimal(bp / 100)}%`;
/** The market's margin: Σ 1/price − 1 (what the book keeps of every real of a balanced book). */
const bookOf = (prices: number[]) => prices.reduce((sum, p) => sum + 1 / p, 0) - 1;

/**
 * A market's prices by hand: a fixed price per selection (empty = the engine's) and a margin shift on the
 * engine's prices, with the margin that results; "back to the engine" clears both. The server refuses a
 * price that moved since this was opened (reload), a price out of 1.01–1000 and a margin below 0.
 */
function PriceEditor({
  market,
  onClose,
  onDone,
}: {
  market: TradingMarket;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [fixed, setFixed] = useState<Record<string, number | null>>(
    Object.fromEntries(market.selections.map((s) => [s.selectionId, s.override])),
  );
  const [shift, setShift] = useState(market.marginShiftBp);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // What the server will compute, shown before saving.
  const priceOf = (engine: number, own: number | null) =>
    effectivePrice(Math.round(engine * 100), own === null ? null : Math.round(own * 100), shift) / 100;
  const next = market.selections.map((s) => priceOf(s.enginePrice, fixed[s.selectionId] ?? null));
  // Out of bounds is said beside the field and keeps the prices from being saved; never clamped to a bound
  // the trader did not type.
  const outOfPrice = (v: number | null) => v !== null && (v < OVERRIDE_PRICE.min || v > OVERRIDE_PRICE.max);
  const shiftWrong = shift < MARGIN_SHIFT_BP.min || shift > MARGIN_SHIFT_BP.max;
  const invalid = shiftWrong || market.selections.some((s) => outOfPrice(fixed[s.selectionId] ?? null));
  const call = async (method: 'post' | 'delete') => {
    setBusy(true);
    setError(undefined);
    try {
      const body = {
        marginShiftBp: shift,
        selections: market.selections.map((s) => ({
          selectionId: s.selectionId,
          version: s.version,
          override: fixed[s.selectionId] ?? null,
        })),
      };
      const path = `${SPORTS_OPERATOR_PATH}/markets/${market.marketId}/prices`;
      await (method === 'post' ? api('post', path, { body }) : api('delete', path));
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('sports.pricesTitle', {
        market: `${t(`marketTypes.${market.type}`, { defaultValue: market.type })}${market.line === null ? '' : ` ${market.line}`}`,
      })}
      onCancel={onClose}
      width={640}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button danger disabled={!overridden(market)} loading={busy} onClick={() => call('delete')}>
            {t('sports.clearPrices')}
          </Button>
          <Button type="primary" loading={busy} disabled={invalid} onClick={() => call('post')}>
            {t('sports.savePrices')}
          </Button>
        </Space>
      }
    >
      <Table
        size="small"
        rowKey="selectionId"
        pagination={false}
        dataSource={market.selections}
        columns={[
          {
            title: t('sports.selection'),
            dataIndex: 'name',
            render: (name: string) => t(`selectionNames.${name}`, { defaultValue: name }),
          },
          {
            title: t('sports.enginePrice'),
            dataIndex: 'enginePrice',
            render: decimal,
          },
          {
            title: t('sports.override'),
            render: (_, s) => (
              <Space direction="vertical" size={0}>
                <InputNumber
                  aria-label={t('sports.overrideOf', {
                    name: t(`selectionNames.${s.name}`, { defaultValue: s.name }),
                  })}
                  step={0.05}
                  precision={2}
                  decimalSeparator={decimalSeparator()}
                  placeholder={t('sports.engine')}
                  status={outOfPrice(fixed[s.selectionId] ?? null) ? 'error' : undefined}
                  value={fixed[s.selectionId] ?? null}
                  onChange={(v) => setFixed((f) => ({ ...f, [s.selectionId]: v ?? null }))}
                />
                {outOfPrice(fixed[s.selectionId] ?? null) && (
                  <Typography.Text type="danger" role="alert">
                    {t('sports.overrideRange', {
                      min: decimal(OVERRIDE_PRICE.min),
                      max: OVERRIDE_PRICE.max,
                    })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('sports.playersSee'),
            render: (_, s, i) => <Typography.Text strong>{decimal(next[i]!)}</Typography.Text>,
          },
        ]}
      />
      <Space style={{ marginTop: 16 }} wrap>
        <span>{t('sports.marginShift')}</span>
        <InputNumber
          aria-label={t('sports.marginShift')}
          step={50}
          precision={0}
          addonAfter="bp"
          status={shiftWrong ? 'error' : undefined}
          value={shift}
          onChange={(v) => setShift(v ?? 0)}
        />
        {shiftWrong && (
          <Typography.Text type="danger" role="alert">
            {t('sports.shiftRange', MARGIN_SHIFT_BP)}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" data-testid="book">
          {t('sports.book', {
            before: decimal(bookOf(market.selections.map((s) => s.enginePrice)) * 100),
            after: decimal(bookOf(next) * 100),
          })}
        </Typography.Text>
      </Space>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginTop: 12 }} />}
    </Modal>
  );
}

const scoreOf = (r: { home: number; away: number } | null) => (r ? `${r.home}-${r.away}` : '—');

/**
 * A result's figure: a whole number from 0 to 1000, refused beside the field. Never clamped or rounded to one
 * the trader did not type: a result settles real bets.
 */
function ScoreItem({ required, ...props }: FormItemProps & { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      {...props}
      rules={[
        ...(required ? [{ required: true }] : []),
        {
          validator: (_, v: number | null | undefined) =>
            v === null || v === undefined || (Number.isInteger(v) && v >= 0 && v <= 1000)
              ? Promise.resolve()
              : Promise.reject(new Error(t('sports.scoreRange'))),
        },
      ]}
    >
      <InputNumber style={{ width: 80 }} />
    </Form.Item>
  );
}

/**
 * The result: the same result twice is refused; on a resulted event the form corrects it, and the bets
 * settled under the old result are resettled (the answer says which result it replaced and how many bets).
 */
function ResultForm({ event, onDone }: { event: TradingEvent; onDone: () => void }) {
  const { t } = useTranslation();
  const eventId = event.event.eventId;
  const [form] = Form.useForm<EventResultRequest>();
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<EventResultAnswer & { posted: EventResultRequest }>();
  const [busy, setBusy] = useState(false);
  const correcting = event.result !== null;
  // Before the scheduled start the server takes a result only with the trader's word that the match was
  // played early: a slip on an event not played yet would settle real bets.
  const notStarted = dayjs(event.event.startsAt).isAfter(dayjs());
  // The figures a sport's markets settle on beyond the score (pricing: football's first half and corners,
  // basketball's quarters, tennis' games); a market whose figure is missing is voided by the result.
  const sport = event.event.sport;
  const football = sport === 'football';
  const basketball = sport === 'basketball';
  // Tennis: the result counts sets; the match's games settle its handicap and total lines (both or neither).
  const tennis = sport === 'tennis';
  const shown = (r: EventResultRequest | null) =>
    r?.gamesHome !== undefined && r.gamesAway !== undefined
      ? t('sports.withGames', { score: scoreOf(r), games: `${r.gamesHome}-${r.gamesAway}` })
      : scoreOf(r);
  return (
    <Card
      size="small"
      title={correcting ? t('sports.correctResult', { score: shown(event.result) }) : t('sports.result')}
    >
      {correcting && !answer && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('sports.correctHelp', { version: event.resultVersion, settled: event.bets.settled })}
        />
      )}
      <Form
        form={form}
        layout="inline"
        aria-label={t('sports.result')}
        style={{ rowGap: 8 }}
        // A field the server refused is clear again once changed.
        onValuesChange={(changed: Partial<EventResultRequest>) =>
          form.setFields(
            (Object.keys(changed) as (keyof EventResultRequest)[]).map((name) => ({
              // The quarters' refusal sits under the first quarter's field.
              name: name === 'quarters' ? ['quarters', 0, 'home'] : name,
              errors: [],
            })),
          )
        }
        onFinish={async (values) => {
          setBusy(true);
          setError(undefined);
          setAnswer(undefined);
          const { quarters, ...rest } = values;
          const body: Record<string, unknown> = Object.fromEntries(
            Object.entries(rest).filter(([, v]) => v !== null && v !== undefined),
          );
          // The quarters settle each quarter's markets by position: all four, or none.
          const filled = (quarters ?? [])
            .flatMap((q) => [q?.home, q?.away])
            .filter((v) => typeof v === 'number');
          if (filled.length === 8) body.quarters = quarters;
          else if (filled.length > 0) {
            form.setFields([{ name: ['quarters', 0, 'home'], errors: [t('sports.quartersAll')] }]);
            setBusy(false);
            return;
          }
          try {
            const posted = await api<EventResultAnswer>(
              'post',
              `${SPORTS_OPERATOR_PATH}/events/${eventId}/result`,
              { body },
            );
            setAnswer({ ...posted, posted: values });
            onDone();
          } catch (err) {
            // The server's refusal beside the field it names (the games); any other above the form.
            const field =
              err instanceof ApiError
                ? (err.data as { field?: 'gamesHome' | 'gamesAway' } | null)?.field
                : undefined;
            if (field) form.setFields([{ name: field, errors: [(err as Error).message] }]);
            else setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <ScoreItem name="home" label={t('sports.home')} required />
        <ScoreItem name="away" label={t('sports.away')} required />
        {football && (
          <>
            <ScoreItem name="halfTimeHome" label={t('sports.htHome')} />
            <ScoreItem name="halfTimeAway" label={t('sports.htAway')} />
            <ScoreItem name="cornersHome" label={t('sports.cornersHome')} />
            <ScoreItem name="cornersAway" label={t('sports.cornersAway')} />
          </>
        )}
        {basketball &&
          [0, 1, 2, 3].map((q) => (
            <Fragment key={q}>
              <ScoreItem
                name={['quarters', q, 'home']}
                label={t('sports.quarterHome', { q: q + 1 })}
                style={{ maxWidth: '100%' }}
              />
              <ScoreItem name={['quarters', q, 'away']} label={t('sports.quarterAway', { q: q + 1 })} />
            </Fragment>
          ))}
        {tennis && (
          <>
            {/* Within the card on a phone: the server's refusal under a field wraps instead of running off. */}
            <ScoreItem name="gamesHome" label={t('sports.gamesHome')} style={{ maxWidth: '100%' }} />
            <ScoreItem name="gamesAway" label={t('sports.gamesAway')} style={{ maxWidth: '100%' }} />
          </>
        )}
        {notStarted && (
          <Form.Item
            name="early"
            valuePropName="checked"
            style={{ flexBasis: '100%' }}
            rules={[
              {
                validator: (_, v) =>
                  v
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(t('sports.earlyRequired', { time: time(event.event.startsAt) })),
                      ),
              },
            ]}
          >
            <Checkbox>{t('sports.early', { time: time(event.event.startsAt) })}</Checkbox>
          </Form.Item>
        )}
        <Form.Item>
          <Button type="primary" danger={correcting} htmlType="submit" loading={busy}>
            {correcting ? t('sports.correct') : t('sports.settle')}
          </Button>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginTop: 8 }} />}
      {answer && (
        <Alert
          type={answer.previous ? 'warning' : 'success'}
          showIcon
          style={{ marginTop: 8 }}
          data-testid="result-answer"
          message={
            answer.previous
              ? t('sports.resettled', {
                  version: answer.resultVersion,
                  from: shown(answer.previous),
                  to: shown(answer.posted),
                  resettled: answer.resettled,
                  bets: answer.bets,
                })
              : t('sports.settled', {
                  version: answer.resultVersion,
                  markets: answer.markets,
                  bets: answer.bets,
                })
          }
          description={
            answer.previous
              ? t('sports.resettledNow', {
                  settled: event.bets.settled,
                  open: event.bets.open,
                  paid: money(event.bets.paid),
                })
              : undefined
          }
        />
      )}
    </Card>
  );
}

function CreateEvent({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Omit<CreateEventRequest, 'startsAt'> & { startsAt: Dayjs }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('sports.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('sports.create')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          sport: 'football',
          strength: 0,
          startsAt: toPicker(dayjs().add(1, 'hour')).startOf('hour'),
        }}
        onFinish={async ({ startsAt, ...rest }) => {
          setBusy(true);
          setError(undefined);
          try {
            const d = await api<SportsEventDetail>('post', `${SPORTS_OPERATOR_PATH}/events`, {
              body: { ...rest, startsAt: fromPicker(startsAt) },
            });
            onClose();
            onCreated(d.event.eventId);
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="sport" label={t('sports.sport')} rules={[{ required: true }]}>
          <Select options={SPORTS.map((s) => ({ value: s, label: t(`sportNames.${s}`) }))} />
        </Form.Item>
        <Form.Item name="competition" label={t('sports.competition')} rules={[{ required: true }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="home" label={t('sports.home')} rules={[{ required: true }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="away" label={t('sports.away')} rules={[{ required: true }]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="startsAt" label={t('sports.startsAt')} rules={[{ required: true }]}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="strength"
          label={t('sports.strength')}
          extra={t('sports.strengthHelp')}
          rules={[{ type: 'number', min: -3, max: 3, message: t('sports.strengthRange') }]}
        >
          <InputNumber step={0.1} />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}
