import {
  ErrorCode,
  languageEntry,
  isLanguageKey,
  type LanguageKey,
  type PushKind,
  type PushPayload,
  type PushSubscribeRequest,
} from '@aposta/contracts';
import { formatMoney } from '@aposta/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { PushSender } from './push.sender';
import { pushSubscriptions } from './push.tables';

/** The browsers' push services: outside the sandbox, only these hosts are ever called (no request forgery). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^(.+\.)?push\.apple\.com$/,
  /^(.+\.)?notify\.windows\.com$/,
  /^(.+\.)?push\.samsungcloud\.com$/,
];

export interface PushDeps {
  database: Database;
  /** null: push is off on this server (no VAPID keys outside the sandbox). */
  sender: PushSender | null;
  publicKey: string | null;
  /** Sandbox and tests: any http(s) endpoint (a local recorder stands in for the push service). */
  anyEndpoint: boolean;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface PushNotice {
  userId: number;
  kind: PushKind;
  /** Minor units (BRL). */
  amount: number;
  orderId: string;
}

const TEXTS = {
  depositCredited: { title: 'pushDepositTitle', body: 'pushDepositBody' },
  withdrawalPaid: { title: 'pushWithdrawalTitle', body: 'pushWithdrawalBody' },
} as const;

/** The notification of one event, in the player's language. */
export function noticePayload(notice: PushNotice, lang: LanguageKey): PushPayload {
  const { locale } = languageEntry(lang);
  const amount = formatMoney(notice.amount, 'BRL', locale);
  const texts = TEXTS[notice.kind];
  return {
    kind: notice.kind,
    title: translate(lang, texts.title),
    body: translate(lang, texts.body, { amount }),
    url: '/recharge',
    tag: `${notice.kind}:${notice.orderId}`,
  };
}

/** Subscriptions per player, and the sending of a notice to each of them. */
export function createPushService(deps: PushDeps) {
  const { database, sender, anyEndpoint } = deps;
  const log = deps.log ?? { warn: () => {}, info: () => {} };

  function assertEndpoint(endpoint: string) {
    const url = new URL(endpoint);
    const allowed = anyEndpoint
      ? url.protocol === 'https:' || url.protocol === 'http:'
      : url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname));
    if (!allowed) throw new AppError(ErrorCode.BAD_REQUEST, 'pushEndpointRefused');
  }

  function assertOn() {
    if (!sender) throw new AppError(ErrorCode.UNAVAILABLE, 'pushDisabled');
  }

  return {
    publicKey: () => deps.publicKey,

    /** Stores (or refreshes) the browser's subscription for this player; moves it from another player. */
    async subscribe(userId: number, lang: LanguageKey, body: PushSubscribeRequest): Promise<void> {
      assertOn();
      assertEndpoint(body.endpoint);
      const values = { userId, lang, p256dh: body.keys.p256dh, auth: body.keys.auth };
      await database.db
        .insert(pushSubscriptions)
        .values({ endpoint: body.endpoint, ...values })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { ...values, updatedAt: sql`now()` },
        });
    },

    /** Removes the browser's subscription, only from this player's own. Answers whether one was removed. */
    async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
      const removed = await database.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

    /** The player's subscriptions (endpoints), for tests and support. */
    async endpointsOf(userId: number): Promise<string[]> {
      const rows = await database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      return rows.map((r) => r.endpoint);
    },

    /**
     * Sends the notice to every browser of the player, each in its language. A subscription the service says
     * is gone (404, 410) is deleted; other failures are logged and not retried (the others were delivered,
     * and a late "deposit credited" is worth less than a duplicate is annoying).
     */
    async notify(notice: PushNotice): Promise<{ sent: number; dropped: number; failed: number }> {
      if (!sender) return { sent: 0, dropped: 0, failed: 0 };
      const targets = await database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, notice.userId));
      const gone: number[] = [];
      let sent = 0;
      let failed = 0;
      await Promise.all(
        targets.map(async (target) => {
          const lang = isLanguageKey(target.lang) ? target.lang : 'pt_BR';
          try {
            const { statusCode } = await sender.send(target, JSON.stringify(noticePayload(notice, lang)));
            if (statusCode === 404 || statusCode === 410) gone.push(target.id);
            else if (statusCode >= 200 && statusCode < 300) sent++;
            else {
              failed++;
              log.warn({ statusCode, subscription: target.id }, 'push service refused a message');
            }
          } catch (err) {
            failed++;
            log.warn({ err, subscription: target.id }, 'push service unreachable');
          }
        }),
      );
      if (gone.length) await database.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      return { sent, dropped: gone.length, failed };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
