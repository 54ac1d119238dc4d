import { defineModule } from '../../platform/module';
import { createLiveChat } from './providers/livechat';
import { ownChat, type ChatProvider } from './providers/provider';
import { supportRoutes } from './support.routes';
import { createSupportService, type SupportService } from './support.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live support chat: conversations, messages, images, canned replies and figures. */
    support: SupportService;
  }
}

/**
 * Live support: our own chat (conversations in the database, pushes through the bus to the realtime
 * gateway, so they reach every node) or a hosted provider by license id. Reads the player's summary through
 * the accounts, wallet, payments and rg services; lets visitors' sockets in through the gateway.
 */
const DROP_UNSENT_IMAGES_JOB = 'support.dropUnsentImages';

export const supportModule = defineModule(
  'support',
  ['operators', 'accounts', 'wallet', 'rg', 'realtime', 'payments'],
  async (app) => {
    const { config, database, bus, accounts, wallet, payments, rg, operators } = app;
    const { liveChat } = config.support;
    const provider: ChatProvider =
      config.support.chat === 'livechat'
        ? createLiveChat({ licenseId: liveChat.licenseId!, webhookSecret: liveChat.webhookSecret! })
        : ownChat;
    const support = createSupportService({
      database,
      bus,
      provider,
      log: app.log,
      operators,
      players: {
        profile: (userId) => accounts.profile(userId),
        figures: (userId) => wallet.figures(userId),
        orders: async (userId, type, size) =>
          (await payments.records(userId, { type, page: 1, size })).list.map((o) => ({
            orderId: o.orderId,
            status: o.status,
            amount: o.amount,
            createdAt: o.createdAt,
          })),
        limits: (userId) => rg.limits(userId),
      },
    });
    app.decorate('support', support);
    // Images uploaded and never sent would otherwise stay for good (a visitor needs no account to upload).
    app.jobs.work(
      DROP_UNSENT_IMAGES_JOB,
      async () => {
        await support.dropUnsentImages();
      },
      { policy: 'short' },
    );
    app.jobs.schedule(DROP_UNSENT_IMAGES_JOB, '17 * * * *');
    // A hosted chat's widget loads from its provider: the app's CSP lets exactly its origins in (own: none).
    app.csp.setSources('support', provider.contentSources ?? {});
    app.realtime.acceptVisitors((token) => support.visitorConversation(token));
    await app.register(supportRoutes);
  },
);
