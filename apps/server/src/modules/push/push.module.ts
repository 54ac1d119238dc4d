import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterCommit, type Tx } from '../../platform/db';
import { defineModule } from '../../platform/module';
import { pushRoutes } from './push.routes';
import { createWebPushSender, generateVapidKeys, type VapidKeys } from './push.sender';
import { createPushService, type PushNotice, type PushService } from './push.service';
import { pushSubscriptions } from './push.tables';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push: the players' browser subscriptions and the notifications of their money events. */
    push: PushService;
  }
}

export const PUSH_NOTIFY_JOB = 'push.notify';

/** The VAPID keys: from the configuration; made per process in the sandbox and tests; else none (push off). */
function vapidOf(app: FastifyInstance): VapidKeys | null {
  const { config } = app;
  if (config.push.vapid) return config.push.vapid;
  if (!config.sandbox) {
    app.log.info('web push off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT to turn it on');
    return null;
  }
  const keys = generateVapidKeys();
  app.log.info(
    { publicKey: keys.publicKey },
    'web push: VAPID keys made for this process (sandbox); subscriptions end with it',
  );
  return { ...keys, subject: 'mailto:sandbox@aposta.invalid' };
}

/**
 * Web push with the player's consent: subscriptions per player (`/api/app/push/*`), and a notification when
 * a deposit is credited (`payment.credited`) or a withdrawal paid (`withdrawal.paid`). The outbox handler
 * only queues a job, after its commit, when the player has a subscription; the job calls the push services outside any
 * transaction (the sender calls each subscription's endpoint: a browser's push service, or in tests a local
 * recorder).
 */
export const pushModule = defineModule('push', ['accounts', 'payments'], async (app) => {
  const { database, outbox, jobs } = app;
  const vapid = vapidOf(app);
  const sender = vapid ? createWebPushSender(vapid) : null;
  const push = createPushService({
    database,
    sender,
    publicKey: vapid?.publicKey ?? null,
    anyEndpoint: app.config.sandbox,
    log: app.log,
  });
  app.decorate('push', push);
  await app.register(pushRoutes);

  /** Queues the notice when the player has subscribed somewhere (most have not: no job then). */
  const queue = async (notice: PushNotice, tx: Tx) => {
    const [any] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, notice.userId))
      .limit(1);
    // pg-boss cannot queue inside our transaction: the job is sent once the delivery commits. A crash in
    // between loses this one notification (harmless: the balance and records show the money anyway).
    if (any)
      afterCommit(() => {
        jobs
          .send(PUSH_NOTIFY_JOB, notice)
          .catch((err: unknown) => app.log.warn({ err }, 'push job not queued'));
      });
  };
  outbox.on('payment.credited', 'push.depositCredited', ({ userId, orderId, amount }, tx) =>
    queue({ userId, orderId, amount, kind: 'depositCredited' }, tx),
  );
  outbox.on('withdrawal.paid', 'push.withdrawalPaid', ({ userId, orderId, amount, fee }, tx) =>
    queue({ userId, orderId, amount: amount - fee, kind: 'withdrawalPaid' }, tx),
  );
  jobs.work<PushNotice>(
    PUSH_NOTIFY_JOB,
    async (notice) => {
      await push.notify(notice);
    },
    { retryLimit: 2, retryDelay: 30 },
  );
});
