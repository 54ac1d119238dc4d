import {
  type ActivityDetail,
  type ActivityInput,
  type ActivityList,
  type ActivitySummary,
  type ActivityUpdate,
  type OperatorActivity,
} from '@aposta/contracts';
import { DEFAULT_CURRENCY, mulDiv, toMajor } from '@aposta/money';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { settledTurnover } from '../ledger';
import { NOT_TURNOVER } from '../promo';
import type { Settings } from '../settings';
import { creditBonus } from '../wagering';
import { sanitizeActivityHtml } from './activities.html';
import { promoActivities, promoActivityClaims, promoActivityJoins } from './activities.tables';

/** First key of the advisory lock that serializes one player's activity claims (the second is the id). */
const CLAIM_LOCK = 0x61637476;

export interface ActivitiesDeps {
  database: Database;
  settings: { all(): Promise<Settings> };
  rg: { promotionsAllowed(userId: number, exec?: Executor): Promise<boolean> };
  /** The player's credited deposits, oldest first, each saying whether it is confirmed (payments). */
  paidDeposits(
    exec: Executor,
    userIds: number[],
  ): Promise<{ amount: number; at: Date; confirmed: boolean }[]>;
  now?: () => Date;
}

type Row = typeof promoActivities.$inferSelect;
interface Claim {
  amount: number;
}

/**
 * Activities (Promotions issue, item 7): operators create and run them; players see where they stand and
 * claim the reward once. Everything a reward depends on is read from the ledger at claim time: deposits
 * (a reversed or charged-back one never counts) and settled stakes (a sports cash-out is no turnover).
 */
export function createActivitiesService({
  database,
  settings,
  rg,
  paidDeposits,
  now = () => new Date(),
}: ActivitiesDeps) {
  const { db } = database;
  const major = (minor: number) => toMajor(minor, DEFAULT_CURRENCY);

  function operatorView(a: Row, stats = { claims: 0, paid: 0 }): OperatorActivity {
    return {
      id: a.id,
      title: a.title,
      bannerUrl: a.bannerUrl,
      body: a.body,
      kind: a.kind as OperatorActivity['kind'],
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      rewardType: a.rewardType as OperatorActivity['rewardType'],
      rewardValue: a.rewardValue,
      rewardCap: a.rewardCap,
      target: a.target,
      wageringMultiple: a.wageringMultiple,
      status: a.status as OperatorActivity['status'],
      version: a.version,
      claims: stats.claims,
      paid: stats.paid,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    };
  }

  const valuesOf = async (input: ActivityInput) => ({
    title: input.title,
    bannerUrl: input.bannerUrl,
    body: await sanitizeActivityHtml(input.body),
    kind: input.kind,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    rewardType: input.rewardType,
    rewardValue: input.rewardValue,
    rewardCap: input.rewardCap,
    target: input.target,
    wageringMultiple: input.wageringMultiple,
    status: input.status,
  });

  async function find(exec: Executor, id: number) {
    const [a] = await exec.select().from(promoActivities).where(eq(promoActivities.id, id));
    return a;
  }

  // ---- operators

  async function create(input: ActivityInput): Promise<OperatorActivity> {
    const [a] = await db
      .insert(promoActivities)
      .values(await valuesOf(input))
      .returning();
    return operatorView(a!);
  }

  /** Saves the whole activity if nobody saved it since `version` (else 409); an ended one stays ended. */
  async function update(id: number, input: ActivityUpdate) {
    // Sanitised before the transaction: nothing slow while the row is read for its version.
    const values = await valuesOf(input);
    return database.transaction(async (tx) => {
      const before = await find(tx, id);
      if (!before) throw notFound();
      if (before.version !== input.version) throw conflict('activityStale');
      if (before.status === 'ended') throw conflict('activityEnded');
      const [after] = await tx
        .update(promoActivities)
        .set({ ...values, version: before.version + 1, updatedAt: now() })
        .where(and(eq(promoActivities.id, id), eq(promoActivities.version, input.version)))
        .returning();
      if (!after) throw conflict('activityStale');
      return { before: operatorView(before), after: operatorView(after) };
    });
  }

  /**
   * Ends a live activity at once: no more claims. Ending an ended one changes nothing. A draft is refused: ended,
   * it would be shown to players (their detail hides drafts only), though it never went live.
   */
  async function end(id: number) {
    return database.transaction(async (tx) => {
      const before = await find(tx, id);
      if (!before) throw notFound();
      if (before.status === 'draft') throw conflict('activityNotLive');
      const [after] = await tx
        .update(promoActivities)
        .set({ status: 'ended', version: before.version + 1, updatedAt: now() })
        .where(and(eq(promoActivities.id, id), sql`${promoActivities.status} <> 'ended'`))
        .returning();
      return { before: operatorView(before), after: operatorView(after ?? before) };
    });
  }

  async function operatorList(): Promise<OperatorActivity[]> {
    const list = await db.select().from(promoActivities).orderBy(desc(promoActivities.id)).limit(200);
    const stats = await db
      .select({
        id: promoActivityClaims.activityId,
        claims: sql<number>`count(*)::int`,
        paid: sql<string>`coalesce(sum(${promoActivityClaims.amount}), 0)`,
      })
      .from(promoActivityClaims)
      .groupBy(promoActivityClaims.activityId);
    const byId = new Map(stats.map((s) => [s.id, { claims: s.claims, paid: Number(s.paid) }]));
    return list.map((a) => operatorView(a, byId.get(a.id)));
  }

  // ---- players

  /** What counted for the player so far, minor units: deposits or settled stakes of the period. */
  async function counted(exec: Executor, a: Row, userId: number, at: Date): Promise<number> {
    const to = at < a.endsAt ? at : a.endsAt;
    if (to <= a.startsAt) return 0;
    if (a.kind === 'turnover') {
      const [t] = await settledTurnover(exec, {
        from: a.startsAt,
        to,
        userIds: [userId],
        excludeKeyPrefixes: NOT_TURNOVER,
      });
      return t?.turnover ?? 0;
    }
    const credits = await paidDeposits(exec, [userId]);
    const counts = (c: (typeof credits)[number]) => c.confirmed && c.at >= a.startsAt && c.at < to;
    // The first deposit ever, not the first that still counts: a charged-back deposit makes none "first".
    if (a.kind === 'firstDeposit') return credits[0] && counts(credits[0]) ? credits[0].amount : 0;
    return credits.filter(counts).reduce((sum, c) => sum + c.amount, 0);
  }

  /** The reward for what counted: nothing below the target; a fixed amount or a share up to the cap. */
  function rewardOf(a: Row, current: number): number {
    if (current <= 0 || current < a.target) return 0;
    if (a.rewardType === 'amount') return a.rewardValue;
    const share = mulDiv(current, a.rewardValue, 10_000, 'down');
    return a.rewardCap === null ? share : Math.min(share, a.rewardCap);
  }

  const open = (a: Row, at: Date) => a.status === 'live' && a.startsAt <= at && at < a.endsAt;

  async function summaryOf(
    exec: Executor,
    a: Row,
    userId: number,
    at: Date,
    claim: Claim | undefined,
    joined: boolean,
    available: boolean,
  ): Promise<ActivitySummary> {
    const current = await counted(exec, a, userId, at);
    const claimable = !claim && available && open(a, at) ? rewardOf(a, current) : 0;
    return {
      id: a.id,
      title: a.title,
      bannerUrl: a.bannerUrl,
      kind: a.kind as ActivitySummary['kind'],
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt.toISOString(),
      status: a.status === 'live' && at < a.endsAt ? 'live' : 'ended',
      reward: {
        type: a.rewardType as ActivitySummary['reward']['type'],
        value: a.rewardType === 'amount' ? major(a.rewardValue) : a.rewardValue / 100,
        cap: a.rewardCap === null ? null : major(a.rewardCap),
        wageringMultiple: a.wageringMultiple,
      },
      progress: { current: major(current), target: major(Math.max(a.target, a.kind === 'turnover' ? 1 : 0)) },
      claimable: major(claimable),
      joined: joined || Boolean(claim),
      claimed: claim ? major(claim.amount) : null,
    };
  }

  async function playerRows(exec: Executor, userId: number, ids: number[]) {
    if (ids.length === 0) return { claims: new Map<number, Claim>(), joins: new Set<number>() };
    const claims = await exec
      .select({ id: promoActivityClaims.activityId, amount: promoActivityClaims.amount })
      .from(promoActivityClaims)
      .where(and(eq(promoActivityClaims.userId, userId), inArray(promoActivityClaims.activityId, ids)));
    const joins = await exec
      .select({ id: promoActivityJoins.activityId })
      .from(promoActivityJoins)
      .where(and(eq(promoActivityJoins.userId, userId), inArray(promoActivityJoins.activityId, ids)));
    return {
      claims: new Map(claims.map((c) => [c.id, { amount: c.amount }])),
      joins: new Set(joins.map((j) => j.id)),
    };
  }

  /** Live activities whose period has not ended, soonest ending first, with the player's standing. */
  async function list(userId: number): Promise<ActivityList> {
    const at = now();
    const [rows, available] = await Promise.all([
      db
        .select()
        .from(promoActivities)
        .where(and(eq(promoActivities.status, 'live'), gt(promoActivities.endsAt, at)))
        .orderBy(promoActivities.endsAt, promoActivities.id)
        .limit(50),
      rg.promotionsAllowed(userId),
    ]);
    const mine = await playerRows(
      db,
      userId,
      rows.map((a) => a.id),
    );
    const summaries = [];
    for (const a of rows)
      summaries.push(
        await summaryOf(db, a, userId, at, mine.claims.get(a.id), mine.joins.has(a.id), available),
      );
    return { available, list: summaries };
  }

  async function detailIn(exec: Executor, userId: number, id: number, available: boolean) {
    const a = await find(exec, id);
    // A draft is the operator's, not the players'.
    if (!a || a.status === 'draft') throw notFound();
    const mine = await playerRows(exec, userId, [id]);
    const summary = await summaryOf(
      exec,
      a,
      userId,
      now(),
      mine.claims.get(id),
      mine.joins.has(id),
      available,
    );
    return { ...summary, body: a.body, available } satisfies ActivityDetail;
  }

  async function detail(userId: number, id: number): Promise<ActivityDetail> {
    return detailIn(db, userId, id, await rg.promotionsAllowed(userId));
  }

  async function join(userId: number, id: number): Promise<ActivityDetail> {
    if (!(await rg.promotionsAllowed(userId))) throw forbidden('promoUnavailable');
    const a = await find(db, id);
    if (!a || a.status === 'draft') throw notFound();
    if (!open(a, now())) throw conflict('activityNotLive');
    await db.insert(promoActivityJoins).values({ activityId: id, userId }).onConflictDoNothing();
    return detailIn(db, userId, id, true);
  }

  /**
   * Pays what the player's standing earns, once: the player's claims run one at a time (an advisory lock),
   * the claim row's key and the ledger key `activity:<id>:<userId>` refuse a second payment. The reward is
   * bonus money with the activity's wagering multiple (a grant of the bonus engine).
   */
  async function claim(userId: number, id: number) {
    // Reads before the transaction: a statement outside it would wait on PGlite's one connection.
    if (!(await rg.promotionsAllowed(userId))) throw forbidden('promoUnavailable');
    const s = await settings.all();
    const paid = await database.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK}::int, ${userId}::int)`);
      const a = await find(tx, id);
      if (!a || a.status === 'draft') throw notFound();
      const at = now();
      const [before] = await tx
        .select({ amount: promoActivityClaims.amount })
        .from(promoActivityClaims)
        .where(and(eq(promoActivityClaims.activityId, id), eq(promoActivityClaims.userId, userId)));
      if (before) throw conflict('activityClaimed');
      if (!open(a, at)) throw conflict('activityNotLive');
      const amount = rewardOf(a, await counted(tx, a, userId, at));
      if (amount <= 0) throw conflict('activityNothingToClaim');
      const { txId, replayed } = await creditBonus(
        tx,
        {
          userId,
          amount,
          idempotencyKey: `activity:${id}:${userId}`,
          ref: `activity:${id}`,
          memo: { promo: 'activity', activity: id, kind: a.kind },
          multiple: a.wageringMultiple,
        },
        s,
      );
      if (replayed) throw conflict('activityClaimed');
      await tx.insert(promoActivityClaims).values({ activityId: id, userId, amount, txId });
      await tx.insert(promoActivityJoins).values({ activityId: id, userId }).onConflictDoNothing();
      return amount;
    });
    return { paid: major(paid), activity: await detailIn(db, userId, id, true) };
  }

  return { create, update, end, operatorList, list, detail, join, claim };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
