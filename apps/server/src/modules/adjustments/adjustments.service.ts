import { ErrorCode, TxType, type Adjustment, type AdjustmentStatus } from '@aposta/contracts';
import { assertCurrency, toMajor, toMinor, type Currency } from '@aposta/money';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { playerAccounts, post } from '../ledger';
import { adjustments } from './adjustments.tables';

export interface AdjustmentsDeps {
  database: Database;
  /** The player's e-mail, or null when there is no such player. */
  emailOf: (userId: number) => Promise<string | null>;
}

/** Who acts: an operator (id and e-mail) or the operator key (id null, e-mail `operator-key`). */
export interface Operator {
  id: number | null;
  email: string;
}

export interface ProposalInput {
  userId: number;
  /** Signed, major units (at most 2 decimals). */
  amount: number;
  currency: string;
  reason: string;
}

export interface ListQuery {
  status: AdjustmentStatus | 'all';
  userId?: number;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

type Row = typeof adjustments.$inferSelect;

const answer = (row: Row): Adjustment => ({
  id: row.id,
  userId: row.userId,
  email: row.email,
  amount: toMajor(row.amount, row.currency as Currency),
  currency: row.currency,
  reason: row.reason,
  status: row.status as AdjustmentStatus,
  proposedBy: row.proposedBy,
  proposedAt: row.createdAt.toISOString(),
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  rejectReason: row.rejectReason,
  txId: row.txId,
});

/** The proposer is the same operator. */
const proposedBy = (row: Row, actor: Operator) => row.proposedById === actor.id;

/**
 * The two-person rule needs two people: the operator key (id null) belongs to nobody — whoever holds it could
 * propose as themself and approve as the key — so it takes no part in an adjustment.
 */
function assertNamed(actor: Operator) {
  if (actor.id === null) throw new AppError(ErrorCode.FORBIDDEN, 'adjustmentNamedOperator');
}

/** A player's cash in the adjustment's currency (0 without an account). */
async function cashOf(exec: Executor, userId: number, currency: string): Promise<number> {
  const cash = (await playerAccounts(exec, userId)).find((a) => a.kind === 'cash' && a.currency === currency);
  return cash ? toMajor(cash.balance, cash.currency) : 0;
}

/**
 * Manual adjustments under the two-person rule. Approval is one transaction: the pending row locked, the
 * approver checked against the proposer, the ledger posting (cash against the `adjustments` system account,
 * keyed `adjustment:<id>`, so even a repeat after a lost answer pays once) and the row marked approved. A
 * debit the player's cash cannot cover is refused when proposed, and at approval by the ledger's constraint
 * (nothing changes).
 */
export function createAdjustmentsService({ database, emailOf }: AdjustmentsDeps) {
  const { db } = database;

  async function locked(exec: Executor, id: number): Promise<Row> {
    const [row] = await exec.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
    if (!row) throw notFound('adjustmentNotFound');
    if (row.status !== 'pending') throw conflict('adjustmentNotPending');
    return row;
  }

  return {
    async propose(actor: Operator, input: ProposalInput): Promise<Adjustment> {
      assertNamed(actor);
      const currency = assertCurrency(input.currency);
      const amount = toMinor(input.amount, currency);
      const email = await emailOf(input.userId);
      if (email === null) throw new AppError(ErrorCode.NOT_FOUND, 'adjustmentPlayerUnknown');
      // A debit the player's cash does not cover now is refused at once, rather than waiting for a second
      // operator to find out; the approval asks again, since the cash may have moved in between.
      if (amount < 0 && toMinor(await cashOf(db, input.userId, currency), currency) < -amount)
        throw new AppError(ErrorCode.UNPROCESSABLE, 'adjustmentOverdraw');
      const [row] = await db
        .insert(adjustments)
        .values({
          userId: input.userId,
          email,
          amount,
          currency,
          reason: input.reason,
          proposedById: actor.id,
          proposedBy: actor.email,
        })
        .returning();
      return answer(row!);
    },

    async list(q: ListQuery): Promise<{ list: Adjustment[]; total: number }> {
      const where: SQL | undefined = and(
        q.status === 'all' ? undefined : eq(adjustments.status, q.status),
        q.userId ? eq(adjustments.userId, q.userId) : undefined,
      );
      const column = q.sort === 'amount' ? adjustments.amount : adjustments.id;
      const direction = q.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(adjustments)
          .where(where)
          .orderBy(direction(column), direction(adjustments.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(adjustments).where(where),
      ]);
      return { list: rows.map(answer), total: total?.n ?? 0 };
    },

    /** Approves and posts a pending adjustment; answers it with the player's cash before and after. */
    async approve(actor: Operator, id: number) {
      return database.transaction(async (tx) => {
        assertNamed(actor);
        const row = await locked(tx, id);
        if (proposedBy(row, actor)) throw new AppError(ErrorCode.FORBIDDEN, 'sameOperator');
        const before = await cashOf(tx, row.userId, row.currency);
        let txId: number;
        try {
          ({ txId } = await post(tx, {
            type: TxType.ADJUSTMENT,
            currency: row.currency as Currency,
            idempotencyKey: `adjustment:${row.id}`,
            ref: `adjustment:${row.id}`,
            memo: { adjustment: row.id },
            players: [{ userId: row.userId, kind: 'cash', amount: row.amount }],
            system: [{ kind: 'adjustments', amount: -row.amount }],
          }));
        } catch (err) {
          if (err instanceof AppError && err.key === 'insufficientBalance')
            throw new AppError(ErrorCode.UNPROCESSABLE, 'adjustmentOverdraw');
          throw err;
        }
        const [done] = await tx
          .update(adjustments)
          .set({
            status: 'approved',
            decidedById: actor.id,
            decidedBy: actor.email,
            txId,
            decidedAt: new Date(),
          })
          .where(eq(adjustments.id, row.id))
          .returning();
        return {
          adjustment: answer(done!),
          cashBefore: before,
          cashAfter: await cashOf(tx, row.userId, row.currency),
        };
      });
    },

    /**
     * Rejects a pending adjustment with a reason (the proposer may withdraw their own); a decision, so a named
     * operator's, never the key's.
     */
    async reject(actor: Operator, id: number, reason: string): Promise<Adjustment> {
      return database.transaction(async (tx) => {
        assertNamed(actor);
        const row = await locked(tx, id);
        const [done] = await tx
          .update(adjustments)
          .set({
            status: 'rejected',
            decidedById: actor.id,
            decidedBy: actor.email,
            rejectReason: reason,
            decidedAt: new Date(),
          })
          .where(eq(adjustments.id, row.id))
          .returning();
        return answer(done!);
      });
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
