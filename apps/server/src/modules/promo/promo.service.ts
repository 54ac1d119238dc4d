import { SIGNIN_CYCLE_DAYS, type ReferralsAnswer, type SigninSheet } from '@aposta/contracts';
import { DEFAULT_CURRENCY, toMajor } from '@aposta/money';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { Outbox } from '../../platform/outbox';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import type { AccountProfile, Invitee, Upline } from '../accounts';
import { settledTurnover } from '../ledger';
import type { Executor } from '../../platform/db';
import type { Settings } from '../settings';
import { creditBonus } from '../wagering';
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
export const NOT_TURNOVER = ['sports:cashout:'];
/** First key of the advisory lock that serializes one player's sign-in claims (the second is the id). */
const SIGNIN_LOCK = 0x7369_676e;
const INVITEES_SHOWN = 100;
/** First key of the advisory lock that serializes one inviter's referral payments. */
const REFERRAL_LOCK = 0x7266_6572;
/** First key of the advisory lock that lets one run of a day's commission go at a time (the second: the day). */
const REFERRAL_DAY_LOCK = 0x7266_6479;
/**
 * How far back each daily run recomputes the commission: results corrected later than this (rare: sports
 * corrections come within days) are left to an operator's adjustment.
 */
export const REFERRAL_RECHECK_DAYS = 7;

export interface PromoDeps {
  database: Database;
  outbox: Pick<Outbox, 'emit'>;
  settings: { all(): Promise<Settings> };
  accounts: {
    profile(userId: number): Promise<AccountProfile>;
    uplines(exec: Executor, ids: number[]): Promise<Upline[]>;
    invitees(userId: number, limit?: number): Promise<Invitee[]>;
  };
  rg: { promotionsAllowed(userId: number, exec?: Executor): Promise<boolean> };
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

/** A player's referral commission so far per level as a one-row SQL subquery (`amount1`…`amount3`, 0 without any). */
export function referralTotalsQuery(userId: number | SQL): SQL {
  return sql`select coalesce(t.amount1, 0) as amount1, coalesce(t.amount2, 0) as amount2,
      coalesce(t.amount3, 0) as amount3
    from (select 1) one left join promo_referral_totals t on t.user_id = ${userId}`;
}

interface ReferralTotalsRow {
  amount1: string;
  amount2: string;
  amount3: string;
}

export function createPromoService({
  database,
  outbox,
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
    const s = await settings.all();
    const rewards = s['promo.signinRewards'];
    const today = saoPauloDay(now());
    const claimed = await database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGNIN_LOCK}, ${userId})`);
      // Asked in the claim's transaction: an exclusion committed while the claim waited refuses it.
      if (!(await rg.promotionsAllowed(userId, tx))) throw forbidden('promoUnavailable');
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
        const { txId } = await creditBonus(
          tx,
          {
            userId,
            amount: reward,
            idempotencyKey: `signin:${userId}:${today}`,
            ref: `signin:${today}`,
            memo: { promo: 'signin', cycleDay },
          },
          s,
        );
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
   * Brings one inviter's commission for `day` to what the turnover now earns, in one transaction under the
   * inviter's advisory lock: the first payment is keyed `referral:<inviter>:<day>`, a correction
   * `referral:<inviter>:<day>:<revision>`. An increase is paid (less what the inviter owes); a decrease is
   * never taken back from the balance (the bonus may be staked or converted already): it becomes `owed`, taken
   * from the inviter's next commission. A payment writes `referral.commissionEarned` in the same transaction.
   *
   * An inviter whom promotions may not be offered to (an exclusion, asked here) forfeits what the day earns
   * beyond what was paid for it before, for good: the figures are recorded as handled with that part in
   * `forfeited1…3`, so a later run, the exclusion over, finds the day done and pays nothing of it. A correction
   * of such a day found by a later run is applied to the day's figures as any other: a raise found while
   * promotions are allowed is paid (it was not among the figures forfeited); a fall takes the forfeited part
   * back first, as that was never paid, and only the rest of it, commission actually paid, becomes `owed`.
   * Answers what was paid, minor units (null or 0: nothing paid).
   */
  async function settleDay(
    inviterId: number,
    day: string,
    turnover: readonly number[],
    amounts: readonly number[],
    s: Settings,
  ): Promise<number | null> {
    return database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REFERRAL_LOCK}, ${inviterId})`);
      // Asked in the paying transaction: an exclusion committed since the run began forfeits as well.
      const allowed = await rg.promotionsAllowed(inviterId, tx);
      const [row] = await tx
        .select()
        .from(promoReferralDays)
        .where(and(eq(promoReferralDays.inviterId, inviterId), eq(promoReferralDays.day, day)));
      const before = row ? [row.amount1, row.amount2, row.amount3] : [0, 0, 0];
      const wasForfeited = row ? [row.forfeited1, row.forfeited2, row.forfeited3] : [0, 0, 0];
      if (row ? amounts.every((a, level) => a === before[level]) : amounts.every((a) => a <= 0)) return null;
      // Per level: what is forfeited now, and the change of the part paid for (or owed), which alone moves money.
      const forfeited = amounts.map((a, level) => {
        const was = wasForfeited[level]!;
        return allowed
          ? Math.max(0, was - Math.max(0, before[level]! - a))
          : Math.max(0, a - (before[level]! - was));
      });
      const change = amounts.map(
        (a, level) => a - forfeited[level]! - (before[level]! - wasForfeited[level]!),
      );
      const delta = change[0]! + change[1]! + change[2]!;
      const revision = row ? row.revision + 1 : 0;
      const [totals] = await tx
        .select({ owed: promoReferralTotals.owed })
        .from(promoReferralTotals)
        .where(eq(promoReferralTotals.userId, inviterId));
      const owed = totals?.owed ?? 0;
      const pay = delta - owed;
      let txId = row?.txId ?? null;
      if (pay > 0) {
        const paid = (
          await creditBonus(
            tx,
            {
              userId: inviterId,
              amount: pay,
              idempotencyKey: `referral:${inviterId}:${day}${revision ? `:${revision}` : ''}`,
              ref: `referral:${day}`,
              pushedBy: 'referral.commissionEarned',
              memo: {
                promo: 'referral',
                day,
                revision,
                level1: change[0],
                level2: change[1],
                level3: change[2],
                owed,
              },
            },
            s,
          )
        ).txId;
        txId = paid;
        await outbox.emit(tx, 'referral.commissionEarned', {
          userId: inviterId,
          day,
          revision,
          amount: pay,
          txId: paid,
        });
      }
      const values = {
        turnover1: turnover[0]!,
        turnover2: turnover[1]!,
        turnover3: turnover[2]!,
        amount1: amounts[0]!,
        amount2: amounts[1]!,
        amount3: amounts[2]!,
        forfeited1: forfeited[0]!,
        forfeited2: forfeited[1]!,
        forfeited3: forfeited[2]!,
        txId,
        revision,
      };
      await tx
        .insert(promoReferralDays)
        .values({ inviterId, day, ...values })
        .onConflictDoUpdate({ target: [promoReferralDays.inviterId, promoReferralDays.day], set: values });
      const next = { amount1: change[0]!, amount2: change[1]!, amount3: change[2]!, owed: Math.max(0, -pay) };
      await tx
        .insert(promoReferralTotals)
        .values({ userId: inviterId, ...next })
        .onConflictDoUpdate({
          target: promoReferralTotals.userId,
          set: {
            amount1: sql`${promoReferralTotals.amount1} + excluded.amount1`,
            amount2: sql`${promoReferralTotals.amount2} + excluded.amount2`,
            amount3: sql`${promoReferralTotals.amount3} + excluded.amount3`,
            owed: sql`excluded.owed`,
          },
        });
      return Math.max(0, pay);
    });
  }

  /** Runs of a day waiting or going in this process, chained (PGlite). */
  const dayRuns = new Map<string, Promise<unknown>>();

  /**
   * Runs `fn` as the only run of `day` (the nightly job's and an operator's, on any node): a run reads the
   * day's turnover before its payments, and a run that read it earlier, applied after a later one, would
   * record a fall that is none (`owed`, undone by the next run). On PostgreSQL a transaction of its own holds
   * the day's advisory lock while `fn` runs on other connections, and takes nothing else; `settleDay` never
   * asks for a day's lock, so the day's and the inviters' locks never wait for each other. PGlite is one
   * process per data directory with one connection (that transaction would keep it from `fn`): there, runs
   * of a day are chained in this process.
   */
  async function oneRunOfDay<T>(day: string, fn: () => Promise<T>): Promise<T> {
    if (database.kind === 'pglite') {
      const run = (dayRuns.get(day) ?? Promise.resolve()).then(fn);
      const done = run.catch(() => undefined);
      dayRuns.set(day, done);
      try {
        return await run;
      } finally {
        if (dayRuns.get(day) === done) dayRuns.delete(day);
      }
    }
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.transaction(
      async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${REFERRAL_DAY_LOCK}, ${Date.parse(`${day}T00:00:00Z`) / DAY_MS})`,
        );
        locked();
        await released;
      },
      { retries: 0 },
    );
    await Promise.race([isLocked, holder]);
    try {
      return await fn();
    } finally {
      release();
      await holder;
    }
  }

  /**
   * Pays the referral commission of one São Paulo day: each inviter gets the rate of its level times the
   * settled turnover of its invitees at depths 1, 2 and 3 (a stake counts on the day of its first settlement,
   * at the amount its settlement in effect captured). Run again for the same day it pays nothing, or only the
   * correction when a stake of that day was resettled or voided since (`settleDay`); one run of a day at a time
   * (`oneRunOfDay`). Play-money accounts are left out; inviters whom promotions may not be offered to forfeit
   * the day's commission (`settleDay`).
   */
  function payReferrals(day: string): Promise<ReferralRun> {
    return oneRunOfDay(day, () => payReferralsNow(day));
  }

  async function payReferralsNow(day: string): Promise<ReferralRun> {
    const s = await settings.all();
    const rates = s['promo.referralRatesBp'];
    const turnover = await settledTurnover(db, {
      from: saoPauloDayStart(day),
      to: saoPauloDayStart(addDays(day, 1)),
      excludeKeyPrefixes: NOT_TURNOVER,
    });
    const byPlayer = new Map(turnover.map((t) => [t.userId, t.turnover]));
    const players = (await accounts.uplines(db, [...byPlayer.keys()])).filter((up) => !up.test);
    const ids = new Set(players.flatMap((up) => up.chain.filter((id) => id !== null)));
    const cpfOf = new Map((await accounts.uplines(db, [...ids])).map((up) => [up.id, up.cpf]));
    const perInviter = new Map<number, [number, number, number]>();
    for (const up of players) {
      up.chain.forEach((inviter, level) => {
        // A self-referral (a second account with the inviter's own CPF) earns its inviter nothing.
        if (inviter === null || (up.cpf !== '' && cpfOf.get(inviter) === up.cpf)) return;
        const sums = perInviter.get(inviter) ?? [0, 0, 0];
        sums[level] = sums[level]! + byPlayer.get(up.id)!;
        perInviter.set(inviter, sums);
      });
    }
    // Inviters paid for the day already whose invitees' turnover is gone since (a void, a lower result).
    const paidBefore = await db
      .select({
        id: promoReferralDays.inviterId,
        t1: promoReferralDays.turnover1,
        t2: promoReferralDays.turnover2,
        t3: promoReferralDays.turnover3,
      })
      .from(promoReferralDays)
      .where(eq(promoReferralDays.day, day));
    for (const { id } of paidBefore) if (!perInviter.has(id)) perInviter.set(id, [0, 0, 0]);
    // Unchanged since the last run: nothing to do (settleDay would find the same under its lock).
    for (const b of paidBefore) {
      const t = perInviter.get(b.id)!;
      if (t[0] === b.t1 && t[1] === b.t2 && t[2] === b.t3) perInviter.delete(b.id);
    }
    const inviters = await accounts.uplines(db, [...perInviter.keys()]);
    let paid = 0;
    let total = 0;
    for (const inviter of inviters) {
      if (inviter.test) continue;
      const t = perInviter.get(inviter.id)!;
      const amounts = t.map((sum, level) => Math.floor((sum * rates[level]!) / 10_000));
      const done = await settleDay(inviter.id, day, t, amounts, s);
      if (done) {
        paid += 1;
        total += done;
      }
    }
    return { day, paid, amount: total };
  }

  /**
   * The daily job's run: the days before today (São Paulo) back to `days`, oldest first. Days paid already
   * pay nothing unless their turnover changed since, so a slot missed while no node ran is paid on the next
   * run, a retry pays nothing, and a result corrected within `days` days is paid on its corrected turnover.
   */
  async function payDueReferrals(days = REFERRAL_RECHECK_DAYS): Promise<ReferralRun[]> {
    const today = saoPauloDay(now());
    const runs: ReferralRun[] = [];
    for (let back = days; back >= 1; back -= 1) runs.push(await payReferrals(addDays(today, -back)));
    return runs;
  }

  /** The operators' run of the job: as the nightly job, or one day up to today (a later day is refused). */
  async function runReferrals(day?: string): Promise<ReferralRun[]> {
    if (!day) return payDueReferrals();
    // Year 0 is a valid ISO date but no day of PostgreSQL's calendar (a 500 otherwise).
    if (day > saoPauloDay(now()) || day < '0001-01-01') throw badRequest('checkTheInput');
    return [await payReferrals(day)];
  }

  /** Commission earned so far per level (minor units): the referral page's amounts. */
  async function referralAmounts(userId: number): Promise<readonly [number, number, number]> {
    const [row] = await database.prepared<ReferralTotalsRow>(
      'promo_referral_totals',
      referralTotalsQuery(userId),
    );
    return [Number(row!.amount1), Number(row!.amount2), Number(row!.amount3)];
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
    runReferrals,
    referralAmounts,
    referrals,
  };
}

export type PromoService = ReturnType<typeof createPromoService>;
