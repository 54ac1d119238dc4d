import type { OperatorTransfer, operatorTransfersQuery } from '@aposta/contracts';
import { toMajor, toMinor, type Currency } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/db';
import { transferLines } from '../ledger';

type TransfersQuery = z.output<typeof operatorTransfersQuery>;

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What the back office reads of the wallet: transfers between players. The figures come from the ledger;
 * players' e-mails from the accounts' `users` rows (as the payments and players back-office views read them).
 */
export function createWalletBackoffice(database: Database) {
  const { db } = database;

  /** A filter's player: digits are an id, anything else an exact e-mail; null when nobody has that e-mail. */
  async function playerOf(filter: string | undefined): Promise<number | null | undefined> {
    if (filter === undefined) return undefined;
    if (/^\d+$/.test(filter)) return Number(filter);
    const [row] = await rows<{ id: number }>(
      db,
      sql`select id from users where lower(username) = ${filter.toLowerCase()} limit 1`,
    );
    return row ? Number(row.id) : null;
  }

  return {
    async transfers(q: TransfersQuery): Promise<{ list: OperatorTransfer[]; total: number }> {
      const [senderId, receiverId] = await Promise.all([playerOf(q.sender), playerOf(q.receiver)]);
      // An e-mail nobody has matches no transfer.
      if (senderId === null || receiverId === null) return { list: [], total: 0 };
      const { lines, total } = await transferLines(db, {
        senderId,
        receiverId,
        // Transfers are in reais only (the platform's one currency); bounds come in major units.
        minAmount: q.minAmount === undefined ? undefined : toMinor(q.minAmount),
        maxAmount: q.maxAmount === undefined ? undefined : toMinor(q.maxAmount),
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        sort: q.sort,
        order: q.order,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const ids = [...new Set(lines.flatMap((l) => [l.senderId, l.receiverId]))];
      const emails = new Map<number, string>();
      if (ids.length) {
        const found = await rows<{ id: number; username: string | null }>(
          db,
          sql`select id, username from users where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        for (const u of found) emails.set(Number(u.id), u.username ?? '');
      }
      return {
        total,
        list: lines.map((l) => ({
          id: l.txId,
          time: l.time.toISOString(),
          sender: { id: l.senderId, email: emails.get(l.senderId) ?? '' },
          receiver: { id: l.receiverId, email: emails.get(l.receiverId) ?? '' },
          amount: toMajor(l.amount, l.currency as Currency),
          currency: l.currency,
          ref: l.ref,
          reversedBy: l.reversedBy,
        })),
      };
    },
  };
}

export type WalletBackoffice = ReturnType<typeof createWalletBackoffice>;
