import { SIGNIN_CYCLE_DAYS, TxType, type ReferralsAnswer, type SigninSheet } from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor } from '@aposta/money';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { conflict, forbidden } from '../../platform/errors';
import type { AccountProfile, Invitee, Upline } from '../accounts';
import { post, settledTurnover } from '../ledger';
import type { Executor } from '../../platform/db';
import type { Settings } from '../settings';
import { recordCredit } from '../wagering';
import { maskName } from '../wallet';
import { promoReferralDays, promoReferralTotals, promoSignins } from './promo.tables';

/** São Paulo has kept UTC-3 all year since 2019 (no daylight saving). */
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** The São Paulo day (`YYYY-MM-DD`) of an instant. */
export const saoPauloDay = (at: Date) =>
  new Date(at.getTime() - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
/** The instant a São Paulo day starts. */
export const saoPauloDayStart = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + SAO_PAULO_OFFSET_MS);
/** The day `n` days after `day` (negative: before). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** A sports cash-out's settlement (`sports:cashout:<bet>:<n>`): a bet and its own cash-out are no turnover. */
const NOT_TURNOVER = ['sports:cashout:'];
/** First key of the advisory lock that serializes one player's sign-in claims (the second is the id). */
const SIGNIN_LOCK = 0x7369_676e;
const INVITEES_SHOWN = 100;

export interface PromoDeps {
  database: Database;
  settings: { all(): Promise<Settings> };
  accounts: {
    profile(userId: number): Promise<AccountProfile>;
    uplines(exec: Executor, ids: number[]): Promise<Upline[]>;
    invitees(userId: number, limit?: number): Promise<Invitee[]>;
  };
  rg: { promotionsAllowed(userId: number): Promise<boolean> };
  /** The app's public origin, for the invitation link. */
  publicUrl: string;
  now?: () => Date;
}

export interface ReferralRun {
  day: string;
  /** Inviters paid by this run (0 when the day was paid already). */
  paid: number;
  /** Commission paid by this run, minor units. */
  amount: number;
}

export function createPromoService({
  database,
  settings,
  accounts,
  rg,
  publicUrl,
  now = () => new Date(),
}: PromoDeps) {
  const { db } = database;
  const major = (minor: number) => toMajor(minor, DEFAULT_CURRENCY);

  async function lastSignin(exec: Executor, userId: number) {
    const [last] = await exec
      .select({ day: promoSignins.day, cycleDay: promoSignins.cycleDay })
      .from(promoSignins)
      .where(eq(promoSignins.userId, userId))
      .orderBy(desc(promoSignins.day))
      .limit(1);
    return last;
  }

  /** Days of the current cycle claimed, and whether today is one of them. A missed day restarts the cycle. */
  function cycleOf(last: { day: string; cycleDay: number } | undefined, today: string) {
    if (last?.day === today) return { claimed: last.cycleDay, claimedToday: true };
    if (last?.day === addDays(today, -1) && last.cycleDay < SIGNIN_CYCLE_DAYS)
      return { claimed: last.cycleDay, claimedToday: false };
    return { claimed: 0, claimedToday: false };
  }

  function sheetOf(
    claimed: number,
    claimedToday: boolean,
    rewards: number[],
    today: string,
    available: boolean,
  ) {
    return {
      days: rewards.map((reward, i) => ({ day: i + 1, reward: major(reward), claimed: i < claimed })),
      streak: claimed,
      claimedToday,
      available,
      today,
    } satisfies SigninSheet;
  }

  async function signinSheet(userId: number): Promise<SigninSheet> {
    const today = saoPauloDay(now());
    const [s, last, available] = await Promise.all([
      settings.all(),
      lastSignin(db, userId),
      rg.promotionsAllowed(userId),
    ]);
    const { claimed, claimedToday } = cycleOf(last, today);
    return sheetOf(claimed, claimedToday, s['promo.signinRewards'], today, available);
  }

  /**
   * Claims today's reward: one per player and São Paulo day, whatever the devices (an advisory lock and the
   * table's key); the reward is bonus money from the promotions account under `signin:<user>:<day>`.
   */
  async function claimSignin(userId: number): Promise<SigninSheet> {
    // Reads before the transaction: a statement outside it would wait on PGlite's one connection.
    if (!(await rg.promotionsAllowed(userId))) throw forbidden('promoUnavailable');
    const s = await settings.all();
    const rewards = s['promo.signinRewards'];
    const today = saoPauloDay(now());
    const claimed = await database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGNIN_LOCK}, ${userId})`);
      const cycle = cycleOf(await lastSignin(tx, userId), today);
      if (cycle.claimedToday) throw conflict('promoSigninClaimed');
      const cycleDay = cycle.claimed + 1;
      const reward = rewards[cycleDay - 1]!;
      const inserted = await tx
        .insert(promoSignins)
        .values({ userId, day: today, cycleDay, reward })
        .onConflictDoNothing()
        .returning({ day: promoSignins.day });
      if (inserted.length === 0) throw conflict('promoSigninClaimed');
      if (reward > 0) {
        const { txId } = await post(tx, {
          type: TxType.PROMOTION,
          idempotencyKey: `signin:${userId}:${today}`,
          ref: `signin:${today}`,
          memo: { promo: 'signin', cycleDay },
          players: [{ userId, kind: 'bonus', amount: reward }],
          system: [{ kind: 'promotions', amount: -reward }],
        });
        await recordCredit(tx, { userId, txId, bonus: reward }, s);
        await tx
          .update(promoSignins)
          .set({ txId })
          .where(and(eq(promoSignins.userId, userId), eq(promoSignins.day, today)));
      }
      return cycleDay;
    });
    return sheetOf(claimed, true, rewards, today, true);
  }

  /**
   * Pays the referral commission of one São Paulo day: each inviter gets the rate of its level times the
   * settled turnover of its invitees at depths 1, 2 and 3, in one ledger transaction keyed
   * `referral:<inviter>:<day>` together with the day's row (a second run pays nothing). Play-money accounts
   * and players whom promotions may not be offered to are left out.
   */
  async function payReferrals(day: string): Promise<ReferralRun> {
    const s = await settings.all();
    const rates = s['promo.referralRatesBp'];
    const turnover = await settledTurnover(db, {
      from: saoPauloDayStart(day),
      to: saoPauloDayStart(addDays(day, 1)),
      excludeKeyPrefixes: NOT_TURNOVER,
    });
    const byPlayer = new Map(turnover.map((t) => [t.userId, t.turnover]));
    const perInviter = new Map<number, [number, number, number]>();
    for (const up of await accounts.uplines(db, [...byPlayer.keys()])) {
      if (up.test) continue;
      up.chain.forEach((inviter, level) => {
        if (inviter === null) return;
        const sums = perInviter.get(inviter) ?? [0, 0, 0];
        sums[level] = sums[level]! + byPlayer.get(up.id)!;
        perInviter.set(inviter, sums);
      });
    }
    const inviters = await accounts.uplines(db, [...perInviter.keys()]);
    let paid = 0;
    let total = 0;
    for (const inviter of inviters) {
      if (inviter.test || !(await rg.promotionsAllowed(inviter.id))) continue;
      const t = perInviter.get(inviter.id)!;
      const amounts = t.map((sum, level) => Math.floor((sum * rates[level]!) / 10_000)) as [
        number,
        number,
        number,
      ];
      const amount = amounts[0] + amounts[1] + amounts[2];
      if (amount <= 0) continue;
      const done = await database.transaction(async (tx) => {
        const [before] = await tx
          .select({ txId: promoReferralDays.txId })
          .from(promoReferralDays)
          .where(and(eq(promoReferralDays.inviterId, inviter.id), eq(promoReferralDays.day, day)));
        if (before) return false;
        const { txId } = await post(tx, {
          type: TxType.PROMOTION,
          idempotencyKey: `referral:${inviter.id}:${day}`,
          ref: `referral:${day}`,
          memo: { promo: 'referral', day, level1: amounts[0], level2: amounts[1], level3: amounts[2] },
          players: [{ userId: inviter.id, kind: 'bonus', amount }],
          system: [{ kind: 'promotions', amount: -amount }],
        });
        const [row] = await tx
          .insert(promoReferralDays)
          .values({
            inviterId: inviter.id,
            day,
            turnover1: t[0],
            turnover2: t[1],
            turnover3: t[2],
            amount1: amounts[0],
            amount2: amounts[1],
            amount3: amounts[2],
            txId,
          })
          .onConflictDoNothing()
          .returning({ txId: promoReferralDays.txId });
        // A run at the same time paid it first (the ledger answered its transaction for the key).
        if (!row) return false;
        await recordCredit(tx, { userId: inviter.id, txId, bonus: amount }, s);
        await tx
          .insert(promoReferralTotals)
          .values({ userId: inviter.id, amount1: amounts[0], amount2: amounts[1], amount3: amounts[2] })
          .onConflictDoUpdate({
            target: promoReferralTotals.userId,
            set: {
              amount1: sql`${promoReferralTotals.amount1} + excluded.amount1`,
              amount2: sql`${promoReferralTotals.amount2} + excluded.amount2`,
              amount3: sql`${promoReferralTotals.amount3} + excluded.amount3`,
            },
          });
        return true;
      });
      if (done) {
        paid += 1;
        total += amount;
      }
    }
    return { day, paid, amount: total };
  }

  /**
   * The daily job's run: pays the days before today (São Paulo) back to `catchUpDays`, oldest first; days paid
   * already are skipped, so a slot missed while no node ran is paid on the next run and a retry pays nothing.
   */
  async function payDueReferrals(catchUpDays = 3): Promise<ReferralRun[]> {
    const today = saoPauloDay(now());
    const runs: ReferralRun[] = [];
    for (let back = catchUpDays; back >= 1; back -= 1) runs.push(await payReferrals(addDays(today, -back)));
    return runs;
  }

  /** Commission paid so far per level (minor units): userInfo's level1Amount… */
  async function referralAmounts(userId: number): Promise<readonly [number, number, number]> {
    const [row] = await database.readPrepared<{ amount1: string; amount2: string; amount3: string }>(
      'promo_referral_totals',
      sql`select amount1, amount2, amount3 from promo_referral_totals where user_id = ${userId}`,
    );
    return row ? [Number(row.amount1), Number(row.amount2), Number(row.amount3)] : [0, 0, 0];
  }

  async function referrals(userId: number): Promise<ReferralsAnswer> {
    const [profile, amounts, invitees, s] = await Promise.all([
      accounts.profile(userId),
      referralAmounts(userId),
      accounts.invitees(userId, INVITEES_SHOWN),
      settings.all(),
    ]);
    const until = now();
    const activity = await settledTurnover(db, {
      from: new Date(until.getTime() - 30 * DAY_MS),
      to: until,
      userIds: invitees.map((i) => i.id),
      excludeKeyPrefixes: NOT_TURNOVER,
    });
    const byId = new Map(activity.map((a) => [a.userId, a]));
    const persons = [profile.level1Person, profile.level2Person, profile.level3Person];
    const rates = s['promo.referralRatesBp'];
    return {
      yqm: profile.yqm,
      link: `${publicUrl}/y${profile.yqm}`,
      levels: [0, 1, 2].map((i) => ({
        level: i + 1,
        persons: persons[i]!,
        amount: major(amounts[i]!),
        ratePercent: rates[i]! / 100,
      })),
      invitees: invitees.map((i) => {
        const a = byId.get(i.id);
        return {
          name: maskName(i.name || i.username.split('@')[0]!),
          level: i.level,
          joinedAt: i.createdAt.toISOString(),
          turnover30d: major(a?.turnover ?? 0),
          lastActiveDay: a ? saoPauloDay(a.lastAt) : null,
        };
      }),
    };
  }

  return {
    signinSheet,
    claimSignin,
    payReferrals,
    payDueReferrals,
    referralAmounts,
    referrals,
  };
}

export type PromoService = ReturnType<typeof createPromoService>;
