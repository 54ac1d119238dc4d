import {
  SUPPORT_IDENTITY_FIELD,
  SUPPORT_IMAGE_MAX_BYTES,
  SUPPORT_IMAGE_TYPES,
  SUPPORT_TEXT_MAX,
  SUPPORT_TYPING_EVERY_MS,
  type SupportConfig,
  type SupportMessage,
} from '@aposta/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/Icon';
import { LengthNote } from '../../../components/ui/LengthNote';
import { Sheet } from '../../../components/ui/Sheet';
import { useSession } from '../../../lib/session';
import { setPanel } from '../../../lib/ui';
import { fetchConfig, imageUrl, sendMessage, sendTyping, startVisitor, uploadImage } from '../api/support';
import { addMessage, loadThread, readAll, useSupport, visitorStarted } from '../store';
import { visitorToken } from '../visitor';

/** The visible height: shrinks with the phone keyboard (visualViewport), so the composer stays above it. */
function useViewportHeight(): number | null {
  const [height, setHeight] = useState<number | null>(() => window.visualViewport?.height ?? null);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    const update = () => setHeight(vv.height);
    vv.addEventListener('resize', update);
    vv.addEventListener('scroll', update);
    return () => {
      vv.removeEventListener('resize', update);
      vv.removeEventListener('scroll', update);
    };
  }, []);
  return height;
}

/** The live-chat slide-in panel: our own chat, or the hosted provider's widget when one is configured. */
export function ChatPanel() {
  const { t } = useTranslation('support');
  const height = useViewportHeight();
  const token = useSession((s) => s.token);
  const [config, setConfig] = useState<SupportConfig | null>(null);
  const [hasVisitor, setHasVisitor] = useState(() => Boolean(visitorToken()));

  useEffect(() => {
    useSupport.setState({ open: true });
    void loadThread();
    readAll();
    return () => useSupport.setState({ open: false });
  }, []);
  useEffect(() => {
    fetchConfig().then(setConfig, () => setConfig(null));
  }, [token]);

  const close = () => setPanel('chatOpen', false);
  const signedIn = Boolean(token);
  return (
    <Sheet
      title={t('title')}
      onClose={close}
      side="full"
      style={height ? { height, bottom: 'auto' } : undefined}
      className="h-dvh"
      bodyClassName="flex min-h-0 flex-1 flex-col"
    >
      {config?.provider === 'livechat' ? (
        <HostedChat config={config} />
      ) : signedIn || hasVisitor ? (
        <Conversation />
      ) : (
        <VisitorStart onStarted={() => setHasVisitor(true)} />
      )}
    </Sheet>
  );
}

/**
 * The hosted provider's widget (LiveChat), configured by its license id and the player's name and e-mail; the
 * server's signed identity goes in as a session variable (LiveChat's `set_session_variables`), which is how
 * the server links the chat to the player.
 */
function HostedChat({ config }: { config: SupportConfig }) {
  const { t } = useTranslation('support');
  useEffect(() => {
    const w = window as unknown as {
      __lc?: Record<string, unknown>;
      LiveChatWidget?: { call: (m: string, arg?: unknown) => void };
    };
    const open = () => {
      if (config.identity)
        w.LiveChatWidget?.call('set_session_variables', { [SUPPORT_IDENTITY_FIELD]: config.identity });
      w.LiveChatWidget?.call('maximize');
    };
    if (w.LiveChatWidget) {
      open();
      return;
    }
    w.__lc = {
      license: Number(config.licenseId),
      ...(config.email ? { visitor: { name: config.name ?? '', email: config.email } } : {}),
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://cdn.livechatinc.com/tracking.js';
    // The widget starts minimised: the player asked for the chat, so it opens (the server's CSP lets it load).
    script.onload = open;
    document.head.appendChild(script);
  }, [config]);
  return <p className="p-24 text-center text-sm text-muted">{t('hosted')}</p>;
}

function VisitorStart({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation('support');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await startVisitor(email.trim());
      onStarted();
      visitorStarted();
    } catch {
      /* the request layer showed the refusal */
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-12 p-16">
      <p className="text-sm text-muted">{t('visitorIntro')}</p>
      <label className="flex flex-col gap-4 text-sm">
        {t('email')}
        <input
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-h-44 rounded-lg border border-line bg-bg px-12 text-text"
        />
      </label>
      <button
        type="submit"
        disabled={busy || !email.trim()}
        className="btn-gold min-h-44 rounded-lg font-semibold"
      >
        {t('start')}
      </button>
    </form>
  );
}

function Conversation() {
  const { t } = useTranslation('support');
  const thread = useSupport((s) => s.thread);
  const typingUntil = useSupport((s) => s.operatorTypingUntil);
  const [now, setNow] = useState(() => Date.now());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const lastTyping = useRef(0);
  const file = useRef<HTMLInputElement>(null);
  const messages = thread?.messages ?? [];

  useEffect(() => {
    list.current?.scrollTo?.({ top: list.current.scrollHeight });
  }, [messages.length, typingUntil]);
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), typingUntil - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  async function send(body: { text: string; attachmentId?: number }) {
    setBusy(true);
    try {
      addMessage(await sendMessage(body));
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    if (!(await send({ text: body }))) return;
    setText('');
    // The message ended the typing on the operator's side: the next keystroke announces it again.
    lastTyping.current = 0;
  }
  function onType(value: string) {
    setText(value);
    if (Date.now() - lastTyping.current > SUPPORT_TYPING_EVERY_MS) {
      lastTyping.current = Date.now();
      void sendTyping().catch(() => {});
    }
  }
  async function onFile(f: File | undefined) {
    if (file.current) file.current.value = '';
    if (!f) return;
    setError('');
    if (f.size > SUPPORT_IMAGE_MAX_BYTES) return setError(t('imageTooLarge'));
    if (!(SUPPORT_IMAGE_TYPES as readonly string[]).includes(f.type)) return setError(t('imageType'));
    setBusy(true);
    try {
      const image = await uploadImage(f);
      await send({ text: '', attachmentId: image.id });
    } catch {
      /* shown by the request layer */
    } finally {
      setBusy(false);
    }
  }

  const typing = typingUntil > Math.max(now, Date.now() - 1);
  return (
    <>
      <div ref={list} className="flex min-h-0 flex-1 flex-col gap-8 overflow-y-auto p-12" aria-live="polite">
        {messages.length === 0 ? <p className="m-auto text-center text-sm text-muted">{t('empty')}</p> : null}
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        {typing ? <p className="text-xs text-muted">{t('typing')}</p> : null}
        {thread?.status === 'closed' ? <p className="text-center text-xs text-muted">{t('closed')}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="px-12 text-xs text-red-400">
          {error}
        </p>
      ) : null}
      <div className="px-8">
        <LengthNote value={text} max={SUPPORT_TEXT_MAX} />
      </div>
      <form onSubmit={submit} className="safe-bottom flex items-end gap-8 border-t border-line p-8">
        <input
          ref={file}
          type="file"
          accept={SUPPORT_IMAGE_TYPES.join(',')}
          className="hidden"
          aria-hidden="true"
          tabIndex={-1}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <button
          type="button"
          onClick={() => file.current?.click()}
          aria-label={t('attach')}
          disabled={busy}
          className="flex size-44 shrink-0 items-center justify-center rounded-full border border-line text-muted"
        >
          +
        </button>
        <textarea
          value={text}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          rows={1}
          maxLength={SUPPORT_TEXT_MAX}
          aria-label={t('message')}
          placeholder={t('placeholder')}
          className="max-h-120 min-h-44 flex-1 resize-none rounded-2xl border border-line bg-bg px-12 py-10 text-base text-text"
        />
        <button
          type="submit"
          disabled={busy || !text.trim()}
          aria-label={t('send')}
          className="btn-gold flex size-44 shrink-0 items-center justify-center rounded-full"
        >
          <Icon name="send" className="size-20" />
        </button>
      </form>
    </>
  );
}

/** One message: text as text (never HTML), an image fetched with the session, ✓ sent / ✓✓ read. */
function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation('support');
  const mine = message.from === 'player' || message.from === 'visitor';
  const [src, setSrc] = useState('');
  useEffect(() => {
    if (!message.image) return;
    let url = '';
    imageUrl(message.image.id).then(
      (u) => setSrc((url = u)),
      () => setSrc(''),
    );
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [message.image]);
  const time = new Date(message.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div
      data-testid="support-message"
      className={`max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-12 py-8 text-sm ${mine ? 'self-end bg-gold/20' : 'self-start bg-bg'}`}
    >
      {!mine ? <span className="block text-xs text-muted">{t('agent')}</span> : null}
      {message.image ? (
        src ? (
          <img src={src} alt={t('image')} className="mb-4 max-h-240 rounded-lg" />
        ) : (
          <span>{t('image')}</span>
        )
      ) : null}
      {message.text}
      <span className="ml-8 whitespace-nowrap text-xs text-muted">
        {time}
        {mine ? (
          <span aria-label={message.read ? t('read') : t('sent')} className="ml-4">
            {message.read ? '✓✓' : '✓'}
          </span>
        ) : null}
      </span>
    </div>
  );
}
