import {
  REALTIME_PATH,
  SUPPORT_CLOSE_REASONS,
  SUPPORT_TYPING_EVERY_MS,
  type SupportCloseReason,
  type SupportConversation,
  type SupportConversationDetail,
  type SupportPlayerSummary,
  type SupportStats,
} from '@aposta/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state';
import { displayMoney } from '../../../lib/format';
import { consoleApi, operatorToken, setOperatorToken } from '../api/console';

/**
 * The support operators' console (`/operator/support`) until the back office exists: sign-in with password and
 * TOTP, the queue, one conversation with canned replies, the player's summary, closing with a reason and the
 * response-time figures. New messages arrive on the operator's own socket.
 */
export function SupportConsolePage() {
  const [signedIn, setSignedIn] = useState(() => Boolean(operatorToken()));
  return (
    <div className="mx-auto flex min-h-dvh max-w-393 flex-col bg-bg text-text">
      {signedIn ? (
        <Console onSignOut={() => setSignedIn(false)} />
      ) : (
        <Login onDone={() => setSignedIn(true)} />
      )}
    </div>
  );
}

function Login({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('support-console');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await consoleApi.login(email, password, totp);
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  }
  const field = 'min-h-44 rounded-lg border border-line bg-panel px-12 text-text';
  return (
    <form onSubmit={submit} className="flex flex-col gap-12 p-16">
      <h1 className="text-lg font-semibold">{t('title')}</h1>
      <label className="flex flex-col gap-4 text-sm">
        {t('email')}
        <input
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={field}
        />
      </label>
      <label className="flex flex-col gap-4 text-sm">
        {t('password')}
        <input
          type="password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={field}
        />
      </label>
      <label className="flex flex-col gap-4 text-sm">
        {t('totp')}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          value={totp}
          onChange={(e) => setTotp(e.target.value)}
          className={field}
        />
      </label>
      {error ? (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-gold min-h-44 rounded-lg font-semibold">
        {t('signIn')}
      </button>
    </form>
  );
}

function Console({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation('support-console');
  const [queue, setQueue] = useState<SupportConversation[]>([]);
  const [stats, setStats] = useState<SupportStats | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [typing, setTyping] = useState<number | null>(null);
  const [bump, setBump] = useState(0);

  const refresh = useCallback(async () => {
    try {
      const [q, s] = await Promise.all([consoleApi.queue(), consoleApi.stats().catch(() => null)]);
      setQueue(q);
      setStats(s);
    } catch (err) {
      if (!operatorToken()) onSignOut();
      else setError((err as Error).message);
    }
  }, [onSignOut]);

  // The operator's socket: any message, read mark or change refreshes the queue (and the open conversation).
  useEffect(() => {
    void refresh();
    let socket: { disconnect: () => unknown } | null = null;
    let cancelled = false;
    void import('socket.io-client').then(({ io }) => {
      if (cancelled) return;
      const s = io({ path: REALTIME_PATH, query: { token: operatorToken() }, transports: ['websocket'] });
      const changed = () => {
        setBump((n) => n + 1);
        void refresh();
      };
      s.on('supportMessage', changed);
      s.on('supportConversation', changed);
      s.on('supportRead', changed);
      s.on('supportTyping', (p: { conversationId: number }) => {
        setTyping(p.conversationId);
        setTimeout(() => setTyping((c) => (c === p.conversationId ? null : c)), 4_000);
      });
      socket = s;
    });
    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [refresh]);

  function signOut() {
    setOperatorToken('');
    onSignOut();
  }

  return (
    <>
      <header className="flex min-h-52 items-center justify-between gap-8 border-b border-line px-16">
        <h1 className="text-lg font-semibold">{t('title')}</h1>
        <button type="button" onClick={signOut} className="min-h-44 px-8 text-sm text-muted">
          {t('signOut')}
        </button>
      </header>
      {stats ? (
        <p data-testid="console-stats" className="px-16 py-8 text-xs text-muted">
          {t('stats', {
            conversations: stats.conversations,
            first: stats.firstResponseAvgSeconds ?? '–',
            average: stats.responseAvgSeconds ?? '–',
          })}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="px-16 text-sm text-red-400">
          {error}
        </p>
      ) : null}
      {selected === null ? (
        <ul className="flex flex-col" aria-label={t('queue')}>
          {queue.length === 0 ? <li className="p-16 text-sm text-muted">{t('empty')}</li> : null}
          {queue.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => setSelected(c.id)}
                className="flex min-h-52 w-full items-center justify-between gap-8 border-b border-line px-16 py-8 text-left"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">
                    {c.username ?? c.visitorEmail ?? `#${c.id}`}
                    {c.userId === null ? ` · ${t('visitor')}` : ''}
                  </span>
                  <span className="block truncate text-xs text-muted">
                    {typing === c.id ? t('typing') : c.lastText}
                  </span>
                </span>
                <span className="text-xs text-muted">{t(`status.${c.status}`)}</span>
                {c.unread ? (
                  <span className="rounded-full bg-red-500 px-6 text-xs font-bold text-white">
                    {c.unread}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <ConversationView
          id={selected}
          bump={bump}
          typing={typing === selected}
          onBack={() => {
            setSelected(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}

function ConversationView({
  id,
  bump,
  typing,
  onBack,
}: {
  id: number;
  bump: number;
  typing: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation('support-console');
  const [detail, setDetail] = useState<SupportConversationDetail | null>(null);
  const [summary, setSummary] = useState<SupportPlayerSummary | null>(null);
  const [canned, setCanned] = useState<{ id: number; title: string; text: string }[]>([]);
  const [text, setText] = useState('');
  const [reason, setReason] = useState<SupportCloseReason>('resolved');
  const [error, setError] = useState('');
  const lastTyping = useRef(0);

  useEffect(() => {
    let live = true;
    consoleApi.detail(id).then(
      (d) => {
        if (!live) return;
        setDetail(d);
        const last = d.messages.at(-1);
        if (d.unread && last) void consoleApi.read(id, last.id).catch(() => {});
      },
      (err: Error) => setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [id, bump]);
  useEffect(() => {
    consoleApi.summary(id).then(setSummary, () => setSummary(null));
    consoleApi.canned().then(setCanned, () => setCanned([]));
  }, [id]);

  async function act(fn: () => Promise<unknown>) {
    setError('');
    try {
      await fn();
      setDetail(await consoleApi.detail(id));
    } catch (err) {
      setError((err as Error).message);
    }
  }
  async function send(e: FormEvent) {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    await act(async () => {
      await consoleApi.reply(id, body);
      setText('');
    });
  }
  function onType(value: string) {
    setText(value);
    if (Date.now() - lastTyping.current > SUPPORT_TYPING_EVERY_MS) {
      lastTyping.current = Date.now();
      void consoleApi.typing(id).catch(() => {});
    }
  }

  const lang = useAppState((s) => s.lang);
  const formatMoney = (major: number) => displayMoney(major, lang);
  const closed = detail?.status === 'closed';
  const deposit = summary?.limits.deposit.day.value;
  return (
    <section className="flex min-h-0 flex-1 flex-col" aria-label={t('conversation')}>
      <div className="flex items-center gap-8 border-b border-line px-8">
        <button type="button" onClick={onBack} className="min-h-44 px-8 text-sm">
          ← {t('back')}
        </button>
        <span className="min-w-0 flex-1 truncate text-sm font-semibold">
          {detail?.username ?? detail?.visitorEmail ?? ''}
        </span>
        {detail && !closed && !detail.assignedTo ? (
          <button
            type="button"
            onClick={() => void act(() => consoleApi.assign(id))}
            className="min-h-44 px-8 text-sm"
          >
            {t('assignMe')}
          </button>
        ) : null}
      </div>
      {summary ? (
        <dl data-testid="player-summary" className="grid grid-cols-2 gap-x-8 px-16 py-8 text-xs">
          <dt className="text-muted">{t('balance')}</dt>
          <dd>{formatMoney(summary.balance)}</dd>
          <dt className="text-muted">{t('kyc')}</dt>
          <dd>{summary.kyc === 1 ? t('kycDone') : t('kycMissing')}</dd>
          <dt className="text-muted">{t('deposits')}</dt>
          <dd>{summary.deposits.map((d) => formatMoney(d.amount)).join(', ') || '–'}</dd>
          <dt className="text-muted">{t('withdrawals')}</dt>
          <dd>{summary.withdrawals.map((d) => formatMoney(d.amount)).join(', ') || '–'}</dd>
          <dt className="text-muted">{t('depositLimit')}</dt>
          <dd>{deposit === null || deposit === undefined ? '–' : formatMoney(deposit)}</dd>
          <dt className="text-muted">{t('exclusion')}</dt>
          <dd>{summary.limits.exclusion ? t(`exclusionKind.${summary.limits.exclusion.kind}`) : '–'}</dd>
        </dl>
      ) : null}
      <div className="flex min-h-0 flex-1 flex-col gap-8 overflow-y-auto p-12" aria-live="polite">
        {detail?.messages.map((m) => (
          <p
            key={m.id}
            data-testid="console-message"
            className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-12 py-8 text-sm ${m.from === 'operator' ? 'self-end bg-gold/20' : 'self-start bg-panel'}`}
          >
            {m.image ? `[${t('image')}] ` : ''}
            {m.text}
          </p>
        ))}
        {typing ? <p className="text-xs text-muted">{t('typing')}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="px-12 text-xs text-red-400">
          {error}
        </p>
      ) : null}
      {closed ? (
        <p className="p-12 text-center text-sm text-muted">
          {t('closedWith', { reason: t(`reason.${detail?.closeReason ?? 'other'}`) })}
        </p>
      ) : (
        <>
          <form onSubmit={send} className="flex items-end gap-8 border-t border-line p-8">
            <select
              aria-label={t('canned')}
              value=""
              onChange={(e) => setText(canned.find((c) => String(c.id) === e.target.value)?.text ?? text)}
              className="min-h-44 w-88 rounded-lg border border-line bg-panel text-xs"
            >
              <option value="">{t('canned')}</option>
              {canned.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
            <textarea
              aria-label={t('reply')}
              value={text}
              onChange={(e) => onType(e.target.value)}
              rows={1}
              className="min-h-44 flex-1 resize-none rounded-2xl border border-line bg-panel px-12 py-10 text-base"
            />
            <button
              type="submit"
              disabled={!text.trim()}
              className="btn-gold min-h-44 rounded-full px-12 text-sm"
            >
              {t('send')}
            </button>
          </form>
          <div className="flex items-center gap-8 px-8 pb-8">
            <select
              aria-label={t('closeReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value as SupportCloseReason)}
              className="min-h-44 flex-1 rounded-lg border border-line bg-panel text-sm"
            >
              {SUPPORT_CLOSE_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`reason.${r}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() => void act(() => consoleApi.close(id, reason, ''))}
              className="min-h-44 rounded-lg border border-line px-12 text-sm"
            >
              {t('close')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
