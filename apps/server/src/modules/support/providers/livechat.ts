import crypto from 'node:crypto';
import { SUPPORT_IDENTITY_FIELD } from '@aposta/contracts';
import { z } from 'zod';
import type { CspSources } from '../../../platform/http';
import type { HostedChatProvider, HostedEvent, HostedMessage } from './provider';

/**
 * LiveChat (platform.text.com), configured by its license id: the app loads LiveChat's widget with the
 * license id and, for a signed-in player, their name, e-mail and signed identity (a session variable,
 * `SUPPORT_IDENTITY_FIELD`, which LiveChat returns as the customer's `session_fields`). Its webhooks (v3.x: `incoming_chat`,
 * `incoming_event`, `chat_deactivated`) carry `secret_key`, the secret set when registering them, which we
 * compare in constant time. Agents' ids are their e-mails and customers' are UUIDs, which tells who wrote an
 * event without another call. Tested against recorded notifications in fixtures/livechat.
 */
/**
 * What LiveChat's widget loads (`cdn.livechatinc.com/tracking.js`, its frame from `secure.livechatinc.com`, its
 * API at `api.livechatinc.com` over HTTPS and WebSocket, regional hosts such as `api-fra`, assets and files),
 * as LiveChat's guide "Use LiveChat with Content Security Policy" lists them: subdomain wildcards of its
 * domains. Its advice to add `'unsafe-inline'`/`'unsafe-eval'` is not followed: the app starts the widget from
 * its own bundle, not an inline snippet.
 */
export const LIVECHAT_SOURCES = {
  script: ['https://*.livechatinc.com', 'https://*.livechat-static.com'],
  style: ['https://*.livechatinc.com'],
  frame: ['https://*.livechatinc.com'],
  connect: [
    'https://*.livechatinc.com',
    'wss://*.livechatinc.com',
    'https://*.livechat-static.com',
    'https://*.livechat-files.com',
    'https://*.text.com',
  ],
  img: [
    'https://*.livechatinc.com',
    'https://*.livechat-static.com',
    'https://*.livechat-files.com',
    'https://*.files-text.com',
  ],
} satisfies CspSources;

const user = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  /** The customer's session variables, as LiveChat sends them: one `{key: value}` object per variable. */
  session_fields: z.array(z.record(z.string(), z.unknown())).optional(),
});

/** How long a signed identity links a new chat: the app asks for a fresh one each time it opens the chat. */
const IDENTITY_TTL_S = 24 * 3600;
const event = z.object({
  id: z.string(),
  created_at: z.string(),
  type: z.string(),
  text: z.string().optional(),
  author_id: z.string(),
});
const envelope = z.object({
  webhook_id: z.string(),
  secret_key: z.string(),
  action: z.string(),
  payload: z.record(z.string(), z.unknown()),
});
const incomingChat = z.object({
  chat: z.object({
    id: z.string(),
    users: z.array(user),
    thread: z.object({ id: z.string(), events: z.array(event).default([]) }).optional(),
  }),
});
const incomingEvent = z.object({ chat_id: z.string(), thread_id: z.string(), event });
const chatDeactivated = z.object({ chat_id: z.string(), thread_id: z.string() });

export function createLiveChat({
  licenseId,
  webhookSecret,
}: {
  licenseId: string;
  webhookSecret: string;
}): HostedChatProvider {
  const secret = crypto.createHash('sha256').update(webhookSecret).digest();
  const authentic = (given: string) =>
    crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), secret);
  // A key of its own for the identities, derived from the webhook secret (a server secret the app never sees).
  const identityKey = crypto.createHmac('sha256', webhookSecret).update('player identity').digest();
  const mac = (payload: string) =>
    crypto.createHmac('sha256', identityKey).update(payload).digest('base64url');

  /** `<player id>.<issued, unix seconds>.<mac>`: the identity the app hands to the widget. */
  function signIdentity(playerId: number, nowS = Math.floor(Date.now() / 1000)) {
    const payload = `${playerId}.${nowS}`;
    return `${payload}.${mac(payload)}`;
  }

  /** The player a chat's customer proved to be, or null (none given, forged, or older than a day). */
  function playerOf(customer: z.infer<typeof user> | undefined): number | null {
    const given = customer?.session_fields?.find((f) => SUPPORT_IDENTITY_FIELD in f)?.[
      SUPPORT_IDENTITY_FIELD
    ];
    const m = typeof given === 'string' ? /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(given) : null;
    if (!m) return null;
    const expected = Buffer.from(mac(`${m[1]}.${m[2]}`));
    if (!crypto.timingSafeEqual(Buffer.from(m[3]!), expected)) return null;
    const age = Date.now() / 1000 - Number(m[2]);
    const id = Number(m[1]);
    return age >= -300 && age <= IDENTITY_TTL_S && Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  function message(e: z.infer<typeof event>): HostedMessage | null {
    if (e.type !== 'message' || e.text === undefined) return null;
    const at = new Date(e.created_at);
    return {
      externalId: e.id,
      from: e.author_id.includes('@') ? 'agent' : 'customer',
      text: e.text,
      at: Number.isNaN(at.getTime()) ? new Date() : at,
    };
  }

  return {
    name: 'livechat',
    contentSources: LIVECHAT_SOURCES,
    clientConfig: (player) => ({
      provider: 'livechat',
      licenseId,
      name: player?.name ?? null,
      email: player?.email ?? null,
      identity: player ? signIdentity(player.id) : null,
    }),
    parseWebhook(body): HostedEvent | null {
      const parsed = envelope.safeParse(body);
      if (!parsed.success || !authentic(parsed.data.secret_key)) return null;
      const { action, payload } = parsed.data;
      if (action === 'incoming_chat') {
        const p = incomingChat.safeParse(payload);
        if (!p.success) return null;
        const customer = p.data.chat.users.find((u) => u.type === 'customer');
        return {
          kind: 'chat',
          chatId: p.data.chat.id,
          customer: {
            email: customer?.email?.toLowerCase() ?? null,
            name: customer?.name ?? null,
            playerId: playerOf(customer),
          },
          messages: (p.data.chat.thread?.events ?? []).flatMap((e) => message(e) ?? []),
        };
      }
      if (action === 'incoming_event') {
        const p = incomingEvent.safeParse(payload);
        if (!p.success) return null;
        const m = message(p.data.event);
        return m ? { kind: 'message', chatId: p.data.chat_id, message: m } : { kind: 'ignored' };
      }
      if (action === 'chat_deactivated') {
        const p = chatDeactivated.safeParse(payload);
        return p.success ? { kind: 'closed', chatId: p.data.chat_id } : null;
      }
      return { kind: 'ignored' };
    },
  };
}
