import type { Database } from '../../platform/db';
import type { EventBus } from '../../platform/bus';
import { notices } from './realtime.tables';

export function createRealtimeService({ database, bus }: { database: Database; bus: EventBus }) {
  return {
    /** Stores a notice, then broadcasts it to every connected player on every node. */
    async publishNotice(text: string) {
      const [row] = await database.db.insert(notices).values({ text }).returning();
      await bus.publish('notice.published', { text: row!.text });
      return { id: row!.id, text: row!.text, time: row!.createdAt.toISOString() };
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
