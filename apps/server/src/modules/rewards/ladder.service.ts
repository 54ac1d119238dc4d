import { ErrorCode, type LadderAnswer } from '@aposta/contracts';
import { toMajor } from '@aposta/money';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import type { Settings } from '../settings';
import { creditBonus } from '../wagering';
import { promoLadderClaims } from './rewards.tables';

/** First key of the advisory lock that serializes one player's ladder claims (the second is the id). */
const LADDER_LOCK = 0x6c64_6472;

export interface LadderDeps {
  database: Database;
  settings: { all(): Promise<Settings> };
  /** Direct invitees, and whether each may count (not a test account, not the inviter's own CPF). */
  directInvitees(exec: Executor, userId: number): Promise<{ id: number; counts: boolean }[]>;
  /** Credited deposits of these players, each saying whether it is confirmed (payments' `paidDeposits`). */
  paidDeposits(
    exec: Executor,
    userIds: number[],
  ): Promise<{ userId: number; amount: number; confirmed: boolean }[]>;
  promotionsAllowed(userId: number, exec?: Executor): Promise<boolean>;
}

/**
 * Agent rewards and the ladder bonus (Promotions issue, item 4): a direct invitee is valid once its confirmed
 * deposits reach `promo.ladderMinDeposit` (charged-back orders and credits reversed in the ledger do not
 * count; test accounts and the inviter's own CPF never do); each tier of `promo.ladderTiers` is claimed once
 * per player, as bonus money from the promotions account keyed `ladder:<tier>:<userId>`.
 */
export function createLadderService({
  database,
  settings,
  directInvitees,
  paidDeposits,
  promotionsAllowed,
}: LadderDeps) {
  /** Direct invitees in all, and the valid ones. */
  async function count(exec: Executor, userId: number, minDeposit: number) {
    const invitees = await directInvitees(exec, userId);
    const counting = invitees.filter((i) => i.counts).map((i) => i.id);
    const sums = new Map<number, number>();
    for (const d of await paidDeposits(exec, counting))
      if (d.confirmed) sums.set(d.userId, (sums.get(d.userId) ?? 0) + d.amount);
    const valid = [...sums.values()].filter((sum) => sum >= minDeposit).length;
    return { invitees: invitees.length, valid };
  }

  async function claimedTiers(exec: Executor, userId: number) {
    const rows = await exec
      .select({ tier: promoLadderClaims.tier })
      .from(promoLadderClaims)
      .where(eq(promoLadderClaims.userId, userId));
    return new Set(rows.map((r) => r.tier));
  }

  function answerOf(
    s: Settings,
    counted: { invitees: number; valid: number },
    claimed: Set<number>,
    available: boolean,
  ): LadderAnswer {
    const tiers = s['promo.ladderTiers'].map((t, i) => ({
      tier: i + 1,
      invitees: t.invitees,
      reward: toMajor(t.reward),
      reached: counted.valid >= t.invitees,
      claimed: claimed.has(i + 1),
    }));
    return {
      validInvitees: counted.valid,
      invitees: counted.invitees,
      minDeposit: toMajor(s['promo.ladderMinDeposit']),
      tiers,
      next: tiers.find((t) => !t.reached)?.tier ?? null,
      available,
    };
  }

  async function overview(userId: number): Promise<LadderAnswer> {
    const s = await settings.all();
    const [counted, claimed, available] = await Promise.all([
      count(database.db, userId, s['promo.ladderMinDeposit']),
      claimedTiers(database.db, userId),
      promotionsAllowed(userId),
    ]);
    return answerOf(s, counted, claimed, available);
  }

  /**
   * Claims a tier for the session's player: refused when promotions are off for it (403), the tier does not
   * exist (404), is claimed already (409) or not reached (422). Two claims at once meet on the advisory lock,
   * the table's key and the ledger key: one pays.
   */
  async function claim(userId: number, tier: number): Promise<LadderAnswer> {
    // Reads before the transaction: a statement outside it would wait on PGlite's one connection.
    const s = await settings.all();
    const rule = s['promo.ladderTiers'][tier - 1];
    if (!rule) throw notFound('ladderTierUnknown');
    return database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LADDER_LOCK}, ${userId})`);
      // Asked in the claim's transaction: an exclusion committed while the claim waited refuses it.
      if (!(await promotionsAllowed(userId, tx))) throw forbidden('promoUnavailable');
      if ((await claimedTiers(tx, userId)).has(tier)) throw conflict('ladderTierClaimed');
      const counted = await count(tx, userId, s['promo.ladderMinDeposit']);
      if (counted.valid < rule.invitees) throw new AppError(ErrorCode.UNPROCESSABLE, 'ladderTierNotReached');
      const inserted = await tx
        .insert(promoLadderClaims)
        .values({ userId, tier, validInvitees: counted.valid, reward: rule.reward })
        .onConflictDoNothing()
        .returning({ tier: promoLadderClaims.tier });
      if (inserted.length === 0) throw conflict('ladderTierClaimed');
      if (rule.reward > 0) {
        const { txId } = await creditBonus(
          tx,
          {
            userId,
            amount: rule.reward,
            idempotencyKey: `ladder:${tier}:${userId}`,
            ref: `ladder:${tier}`,
            memo: { promo: 'ladder', tier, validInvitees: counted.valid },
          },
          s,
        );
        await tx
          .update(promoLadderClaims)
          .set({ txId })
          .where(and(eq(promoLadderClaims.userId, userId), eq(promoLadderClaims.tier, tier)));
      }
      return answerOf(s, counted, await claimedTiers(tx, userId), true);
    });
  }

  return { overview, claim };
}

export type LadderService = ReturnType<typeof createLadderService>;
