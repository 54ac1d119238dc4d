import { NOTICE_HTML } from '@aposta/contracts';
import type { Database } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { sanitizeHtml } from '../../platform/sanitize';
import type { EventBus } from '../../platform/bus';
import type { Gateway } from './realtime.gateway';
import { notices } from './realtime.tables';

export function createRealtimeService({
  database,
  bus,
  gateway,
}: {
  database: Database;
  bus: EventBus;
  gateway: Pick<Gateway, 'stats' | 'acceptVisitors'>;
}) {
  return {
    /**
     * Stores a notice sanitised (`NOTICE_HTML`: no scripts, event handlers or `javascript:` links), then
     * broadcasts it to every connected player on every node. Nothing left after sanitising: 400.
     */
    async publishNotice(html: string) {
      const text = await sanitizeHtml(html, NOTICE_HTML);
      if (!text.trim()) throw badRequest('checkTheInput');
      const [row] = await database.db.insert(notices).values({ text }).returning();
      await bus.publish('notice.published', { text: row!.text });
      return { id: row!.id, text: row!.text, time: row!.createdAt.toISOString() };
    },
    /** Connections and sockets of the gateway (this node and, with Redis, the cluster). */
    stats: () => gateway.stats(),
    /** Lets support visitors connect: `verify` maps a visitor token to its conversation (support module). */
    acceptVisitors: (verify: Parameters<Gateway['acceptVisitors']>[0]) => gateway.acceptVisitors(verify),
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
