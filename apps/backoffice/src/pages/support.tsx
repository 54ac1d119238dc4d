import { PaperClipOutlined } from '@ant-design/icons';
import {
  REALTIME_PATH,
  SUPPORT_CLOSE_REASONS,
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_IMAGE_TYPES,
  SUPPORT_OPERATOR_PATH,
  SUPPORT_TEXT_MAX,
  SUPPORT_TYPING_EVERY_MS,
  type SupportAttachment,
  type SupportCloseReason,
  type SupportConversation,
  type SupportConversationDetail,
  type SupportMessage,
  type SupportPlayerSummary,
  type SupportStats,
  type OperatorPermission,
} from '@aposta/contracts';
import { usePermissions } from '@refinedev/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Image,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAllowed } from '../api/access';
import { api, fetchBlob, operatorToken } from '../api/http';
import { useFormCall } from '../components/actions';
import { duration, money, time } from '../components/format';
import { CannedEditor, useCanned } from './support-canned';
import { OrderStatusTag } from './withdrawals';

/**
 * The live support console (`support.chat`): the queue on the left, the conversation in the middle, the
 * player's summary on the right (below the conversation on a tablet). Everything goes through the support
 * module's operator calls; the operator's socket (`?token=op_…`) only listens, and any message, read mark or
 * change it hears refetches what is on screen.
 */
const base = SUPPORT_OPERATOR_PATH;
const QUEUE_FILTERS = ['active', 'open', 'assigned', 'closed'] as const;
type QueueFilter = (typeof QUEUE_FILTERS)[number];
/** A typing signal shows this long unless a message or another signal comes first. */
const TYPING_SHOWN_MS = 4_000;

export function SupportPage() {
  const { t } = useTranslation();
  const { data: permissions, isLoading } = usePermissions<readonly OperatorPermission[]>({});
  const allowed = (p: OperatorPermission) => permissions?.includes(p) ?? false;
  const [filter, setFilter] = useState<QueueFilter>('active');
  const [selected, setSelected] = useState<number | null>(null);
  const typing = useCustomerTyping();
  const canChat = allowed('support.chat');
  const [editingCanned, setEditingCanned] = useState(false);

  const queue = useQuery({
    queryKey: ['support', 'queue', filter],
    queryFn: () => api<SupportConversation[]>('get', `${base}/conversations`, { query: { status: filter } }),
    enabled: canChat,
  });
  const stats = useQuery({
    queryKey: ['support', 'stats'],
    queryFn: () => api<SupportStats>('get', `${base}/stats`, { query: { days: 7 } }),
    enabled: allowed('support.stats'),
  });

  if (isLoading) return <Spin style={{ margin: 48 }} />;
  return (
    <div style={{ padding: 16 }}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('support.title')}
          </Typography.Title>
          {allowed('support.canned') && (
            <Button onClick={() => setEditingCanned(true)}>{t('support.cannedEditor.open')}</Button>
          )}
        </Space>
        {editingCanned && <CannedEditor onClose={() => setEditingCanned(false)} />}
        {stats.data && <StatsRow stats={stats.data} />}
        <Row gutter={[16, 16]}>
          <Col xs={24} md={9} xl={6}>
            <Card
              title={t('support.queue')}
              size="small"
              styles={{ body: { padding: 0 } }}
              extra={queue.isFetching ? <Typography.Text type="secondary">…</Typography.Text> : null}
            >
              <Radio.Group
                size="small"
                optionType="button"
                value={filter}
                onChange={(e) => setFilter(e.target.value as QueueFilter)}
                options={QUEUE_FILTERS.map((f) => ({ value: f, label: t(`support.filter.${f}`) }))}
                style={{ display: 'flex', flexWrap: 'wrap', gap: 4, padding: 8 }}
              />
              {queue.error && <Alert type="error" showIcon message={queue.error.message} />}
              <QueueList
                list={queue.data ?? []}
                selected={selected}
                typing={typing.conversationId}
                onSelect={setSelected}
              />
            </Card>
          </Col>
          <Col xs={24} md={15} xl={12}>
            {selected === null ? (
              <Card size="small">
                <Empty description={t('support.pick')} />
              </Card>
            ) : (
              <Conversation
                key={selected}
                id={selected}
                typing={typing.conversationId === selected}
                figures={stats.data?.perConversation.find((c) => c.id === selected)}
              />
            )}
          </Col>
          <Col xs={24} xl={6}>
            {selected !== null && <PlayerSummary id={selected} />}
          </Col>
        </Row>
      </Space>
    </div>
  );
}

/**
 * The operator's socket: a new message, a read mark or a conversation change refetches the support reads;
 * a customer's typing is shown for a few seconds (their message ends it).
 */
function useCustomerTyping() {
  const client = useQueryClient();
  const [conversationId, setConversationId] = useState<number | null>(null);
  useEffect(() => {
    let socket: { disconnect: () => unknown } | null = null;
    let cancelled = false;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const changed = () => void client.invalidateQueries({ queryKey: ['support'] });
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const s = io({ path: REALTIME_PATH, query: { token: operatorToken() }, transports: ['websocket'] });
      s.on('supportMessage', (m: SupportMessage) => {
        if (m.from !== 'operator') setConversationId((c) => (c === m.conversationId ? null : c));
        changed();
      });
      s.on('supportConversation', changed);
      s.on('supportRead', changed);
      s.on('supportTyping', (p: { conversationId: number; from: string }) => {
        if (p.from === 'operator') return;
        setConversationId(p.conversationId);
        const timer = setTimeout(() => {
          timers.delete(timer);
          setConversationId((c) => (c === p.conversationId ? null : c));
        }, TYPING_SHOWN_MS);
        timers.add(timer);
      });
      // Back from a lost connection: what happened meanwhile was not heard.
      s.io.on('reconnect', changed);
      socket = s;
    });
    return () => {
      cancelled = true;
      for (const timer of timers) clearTimeout(timer);
      socket?.disconnect();
    };
  }, [client]);
  return { conversationId };
}

const valueStyle = { fontSize: 20 };

function StatsRow({ stats }: { stats: SupportStats }) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="console-stats">
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Statistic
            title={t('support.stats.conversations')}
            value={stats.conversations}
            valueStyle={valueStyle}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('support.stats.answered')} value={stats.answered} valueStyle={valueStyle} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('support.stats.firstResponse')}
            value={duration(stats.firstResponseAvgSeconds)}
            valueStyle={valueStyle}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('support.stats.response')}
            value={duration(stats.responseAvgSeconds)}
            valueStyle={valueStyle}
          />
        </Col>
      </Row>
    </Card>
  );
}

const STATUS_COLOR = { open: 'gold', assigned: 'blue', closed: 'default' } as const;

function QueueList({
  list,
  selected,
  typing,
  onSelect,
}: {
  list: SupportConversation[];
  selected: number | null;
  typing: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (list.length === 0) return <Empty style={{ padding: 16 }} description={t('support.empty')} />;
  return (
    <ul aria-label={t('support.queue')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {list.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            aria-current={c.id === selected ? 'true' : undefined}
            onClick={() => onSelect(c.id)}
            style={{
              display: 'flex',
              gap: 8,
              alignItems: 'center',
              width: '100%',
              minHeight: 56,
              padding: '8px 12px',
              border: 0,
              borderTop: '1px solid #f0f0f0',
              background: c.id === selected ? '#e6f0ff' : 'transparent',
              textAlign: 'left',
              cursor: 'pointer',
              font: 'inherit',
            }}
          >
            <span style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong ellipsis style={{ display: 'block' }}>
                {c.username ?? c.visitorEmail ?? `#${c.id}`}
                {c.userId === null ? ` · ${t('support.visitor')}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                {typing === c.id ? t('support.typing') : c.lastText}
              </Typography.Text>
              {c.assignedTo && (
                <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 11 }}>
                  {t('support.assignedTo', { email: c.assignedTo.email })}
                </Typography.Text>
              )}
            </span>
            <Space direction="vertical" size={2} align="end">
              <Tag color={STATUS_COLOR[c.status]} style={{ marginInlineEnd: 0 }}>
                {t(`support.status.${c.status}`)}
              </Tag>
              {c.unread > 0 && (
                <Badge count={c.unread} aria-label={t('support.unread', { count: c.unread })} />
              )}
            </Space>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Conversation({
  id,
  typing,
  figures,
}: {
  id: number;
  typing: boolean;
  figures?: SupportStats['perConversation'][number];
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: ['support', 'detail', id],
    queryFn: () => api<SupportConversationDetail>('get', `${base}/conversations/${id}`),
  });
  const canned = useCanned();
  const [text, setText] = useState('');
  const [reason, setReason] = useState<SupportCloseReason>('resolved');
  const [note, setNote] = useState('');
  const { busy, error, setError, submit } = useFormCall();
  const lastTyping = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);

  const d = detail.data;
  const lastId = d?.messages.at(-1)?.id;
  // Opening (or a new message in) the conversation reads the customer's messages: their ✓✓ turns on.
  useEffect(() => {
    if (d?.unread && lastId)
      void api('post', `${base}/conversations/${id}/read`, { body: { upTo: lastId } }).catch(() => {});
  }, [id, d?.unread, lastId]);
  // A block body: newer Chromium answers scrollIntoView with a promise, which React would take for a cleanup.
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [lastId, typing]);

  /** An operator call, then what is on screen read again; its refusal shown under the conversation. */
  const act = (call: () => Promise<unknown>) =>
    submit(async () => {
      await call();
      await client.invalidateQueries({ queryKey: ['support'] });
    });
  async function send(e?: FormEvent) {
    e?.preventDefault();
    const body = text.trim();
    if (!body) return;
    const sent = await act(() =>
      api('post', `${base}/conversations/${id}/messages`, { body: { text: body } }),
    );
    if (sent) {
      setText('');
      // The reply ended the typing on the customer's side: the next keystroke announces it again.
      lastTyping.current = 0;
    }
  }
  /** An image from the operator: checked here as the server will (type, size), uploaded, then sent. */
  async function sendImage(f: File | undefined) {
    if (file.current) file.current.value = '';
    if (!f) return;
    if (!(SUPPORT_IMAGE_TYPES as readonly string[]).includes(f.type)) return setError(t('support.imageType'));
    if (f.size > SUPPORT_IMAGE_MAX_BYTES)
      return setError(t('support.imageTooLarge', { mb: SUPPORT_IMAGE_MAX_BYTES / 1024 / 1024 }));
    await act(async () => {
      const image = await api<SupportAttachment>('post', `${base}/conversations/${id}/attachments`, {
        file: f,
      });
      await api('post', `${base}/conversations/${id}/messages`, {
        body: { text: '', attachmentId: image.id },
      });
    });
  }
  function onType(value: string) {
    setText(value);
    if (Date.now() - lastTyping.current > SUPPORT_TYPING_EVERY_MS) {
      lastTyping.current = Date.now();
      void api('post', `${base}/conversations/${id}/typing`).catch(() => {});
    }
  }

  const closed = d?.status === 'closed';
  return (
    <Card
      size="small"
      role="region"
      aria-label={t('support.conversation')}
      title={
        d ? (
          <Space size={[8, 0]} wrap>
            <span>{d.username ?? d.visitorEmail ?? `#${d.id}`}</span>
            {d.userId === null && <Tag>{t('support.visitor')}</Tag>}
            <Tag color={STATUS_COLOR[d.status]}>{t(`support.status.${d.status}`)}</Tag>
            {d.assignedTo && (
              <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
                {t('support.assignedTo', { email: d.assignedTo.email })}
              </Typography.Text>
            )}
          </Space>
        ) : (
          '…'
        )
      }
      extra={
        d && !closed && !d.assignedTo ? (
          <Button
            type="primary"
            loading={busy}
            onClick={() => void act(() => api('post', `${base}/conversations/${id}/assign`, { body: {} }))}
          >
            {t('support.assignMe')}
          </Button>
        ) : null
      }
    >
      {detail.error && <Alert type="error" showIcon message={detail.error.message} />}
      {figures && (
        <Typography.Paragraph
          type="secondary"
          style={{ fontSize: 12, marginBottom: 8 }}
          data-testid="conversation-figures"
        >
          {t('support.figures', {
            first: duration(figures.firstResponseSeconds),
            average: duration(figures.avgResponseSeconds),
            count: figures.responses,
          })}
        </Typography.Paragraph>
      )}
      <div
        aria-live="polite"
        style={{
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          // The composer and the close row stay on a 1280×800 screen without scrolling the page.
          height: 'max(240px, calc(100vh - 470px))',
          overflowY: 'auto',
          padding: 8,
          background: '#fafafa',
          borderRadius: 8,
        }}
      >
        {d?.messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        {typing && (
          <Typography.Text type="secondary" italic>
            {t('support.typing')}
          </Typography.Text>
        )}
        <div ref={bottom} />
      </div>
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} role="alert" />}
      {closed ? (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          message={t('support.closedWith', { reason: t(`support.reason.${d?.closeReason ?? 'other'}`) })}
          description={d?.closeNote || undefined}
        />
      ) : (
        <>
          <form onSubmit={send} style={{ display: 'flex', gap: 8, marginTop: 8, alignItems: 'flex-end' }}>
            <input
              ref={file}
              type="file"
              accept={SUPPORT_IMAGE_TYPES.join(',')}
              hidden
              aria-label={t('support.attachInput')}
              onChange={(e) => void sendImage(e.target.files?.[0])}
            />
            <Button
              icon={<PaperClipOutlined />}
              aria-label={t('support.attach')}
              title={t('support.attach')}
              disabled={busy}
              onClick={() => file.current?.click()}
            />
            <Select
              aria-label={t('support.canned')}
              placeholder={t('support.canned')}
              value={null}
              style={{ width: 180 }}
              options={(canned.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
              onChange={(v: number) => onType(canned.data?.find((c) => c.id === v)?.text ?? text)}
              notFoundContent={t('support.noCanned')}
            />
            <Input.TextArea
              aria-label={t('support.reply')}
              value={text}
              onChange={(e) => onType(e.target.value)}
              onKeyDown={(e) => {
                // Enter sends, Shift+Enter is a new line (as in the player's chat).
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  void send();
                }
              }}
              autoSize={{ minRows: 1, maxRows: 5 }}
              maxLength={SUPPORT_TEXT_MAX}
              style={{ flex: 1 }}
            />
            <Button type="primary" htmlType="submit" disabled={!text.trim()} loading={busy}>
              {t('support.send')}
            </Button>
          </form>
          <Space.Compact style={{ display: 'flex', marginTop: 8 }}>
            <Select
              aria-label={t('support.closeReason')}
              value={reason}
              onChange={setReason}
              style={{ width: 200 }}
              options={SUPPORT_CLOSE_REASONS.map((r) => ({ value: r, label: t(`support.reason.${r}`) }))}
            />
            <Input
              aria-label={t('support.closeNote')}
              placeholder={t('support.closeNote')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={500}
            />
            <Button
              danger
              loading={busy}
              onClick={() =>
                void act(() =>
                  api('post', `${base}/conversations/${id}/close`, { body: { reason, note: note.trim() } }),
                )
              }
            >
              {t('support.close')}
            </Button>
          </Space.Compact>
        </>
      )}
    </Card>
  );
}

/** One message: the customer's on the left, the operators' on the right with their read mark. */
function Bubble({ message: m }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = m.from === 'operator';
  if (m.from === 'system')
    return (
      <Typography.Text type="secondary" style={{ alignSelf: 'center', fontSize: 12 }}>
        {m.text}
      </Typography.Text>
    );
  return (
    <div
      data-testid="console-message"
      style={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        padding: '6px 10px',
        borderRadius: 12,
        background: mine ? '#dbeafe' : '#fff',
        border: '1px solid #f0f0f0',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {m.image && <Thumbnail id={m.image.id} />}
      <span data-testid="message-text">{m.text}</span>
      <span
        data-testid="message-meta"
        style={{ display: 'block', fontSize: 11, color: '#8c8c8c', textAlign: mine ? 'right' : 'left' }}
      >
        {time(m.at).slice(11, 16)}
        {mine && (
          <span aria-label={m.read ? t('support.read') : t('support.sent')} style={{ marginInlineStart: 4 }}>
            {m.read ? '✓✓' : '✓'}
          </span>
        )}
      </span>
    </div>
  );
}

/**
 * A conversation's image, inline: fetched with the operator's token (an `<img src>` to the API would carry
 * none) and shown from a blob URL, freed when the message leaves the screen; a click previews it full size.
 */
function Thumbnail({ id }: { id: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url = '';
    let live = true;
    fetchBlob(`${base}/attachments/${id}`).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        if (live) setSrc(url);
        else URL.revokeObjectURL(url);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  if (failed) return <Typography.Text type="secondary">[{t('support.imageFailed')}]</Typography.Text>;
  if (!src) return <Spin size="small" style={{ display: 'block', margin: 8 }} />;
  return (
    <Image
      src={src}
      alt={t('support.image')}
      data-testid="console-image"
      style={{ display: 'block', maxWidth: 220, maxHeight: 220, objectFit: 'contain', borderRadius: 8 }}
      preview={{ mask: t('support.imageOpen') }}
    />
  );
}

/** The player's summary beside the conversation: money, last orders, KYC, limits (a visitor has none). */
function PlayerSummary({ id }: { id: number }) {
  const { t } = useTranslation();
  const allowed = useAllowed();
  const detail = useQuery({
    queryKey: ['support', 'detail', id],
    queryFn: () => api<SupportConversationDetail>('get', `${base}/conversations/${id}`),
  });
  const isPlayer = detail.data ? detail.data.userId !== null : false;
  const summary = useQuery({
    queryKey: ['support', 'summary', id],
    queryFn: () => api<SupportPlayerSummary>('get', `${base}/conversations/${id}/player`),
    enabled: isPlayer,
  });
  if (!detail.data) return null;
  if (!isPlayer)
    return (
      <Card size="small" title={t('support.summary')}>
        <Typography.Text type="secondary">
          {t('support.visitorNoAccount', { email: detail.data.visitorEmail ?? '' })}
        </Typography.Text>
      </Card>
    );
  const s = summary.data;
  const orders = (list: SupportPlayerSummary['deposits']) =>
    list.length === 0 ? (
      '–'
    ) : (
      <Space direction="vertical" size={0}>
        {list.map((o) => (
          <span key={o.orderId}>
            {money(o.amount)} <OrderStatusTag status={o.status} />
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {time(o.createdAt).slice(0, 10)}
            </Typography.Text>
          </span>
        ))}
      </Space>
    );
  const depositDay = s?.limits.deposit.day.value;
  return (
    <Card
      size="small"
      title={t('support.summary')}
      extra={
        s && allowed('players.read') ? <Link to={`/players/${s.userId}`}>{t('support.profile')}</Link> : null
      }
    >
      {summary.error && <Alert type="error" showIcon message={summary.error.message} />}
      {s && (
        <Descriptions column={1} size="small" data-testid="player-summary">
          <Descriptions.Item label={t('support.player')}>
            {s.name || s.username} (#{s.userId})
          </Descriptions.Item>
          <Descriptions.Item label={t('support.balance')}>{money(s.balance)}</Descriptions.Item>
          <Descriptions.Item label={t('support.freeBalance')}>{money(s.freeBalance)}</Descriptions.Item>
          <Descriptions.Item label={t('support.kyc')}>
            {s.kyc === 1 ? (
              <Tag color="green">{t('support.kycDone')}</Tag>
            ) : (
              <Tag color="orange">{t('support.kycMissing')}</Tag>
            )}
            {s.testFlag === '1' && <Tag>{t('support.test')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('support.deposits')}>{orders(s.deposits)}</Descriptions.Item>
          <Descriptions.Item label={t('support.withdrawals')}>{orders(s.withdrawals)}</Descriptions.Item>
          <Descriptions.Item label={t('support.depositLimit')}>
            {depositDay === null || depositDay === undefined ? '–' : money(depositDay)}
          </Descriptions.Item>
          <Descriptions.Item label={t('support.exclusion')}>
            {s.limits.exclusion ? t(`support.exclusionKind.${s.limits.exclusion.kind}`) : '–'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
