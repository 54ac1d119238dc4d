import { assertMinor, DEFAULT_CURRENCY, scale, type Currency, type Minor } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { parseCurrency, type ReversedFact, type SettledFact } from '../ledger';
import type { Settings } from '../settings';

/**
 * Wagering requirements, deposit and withdrawal totals and turnover: the VIP inputs and what holds cash back
 * from withdrawal, kept beside the ledger, never in it. Facts that RAISE a requirement (a deposit, a bonus,
 * a transfer received) are recorded by the crediting code in its own transaction (`recordCredit`), so no
 * withdrawal can slip between the credit and its requirement. Facts that lower one (stakes settled or
 * resettled, reversals) and withdrawals paid arrive as the ledger's outbox events (`handlers`); until they
 * are delivered the requirement stays, which only errs on the safe side.
 */

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

export type Multipliers = Pick<Settings, 'wagering.depositMultiplier' | 'wagering.bonusMultiplier'>;

export interface CreditFact {
  userId: number;
  currency?: Currency;
  /** The ledger transaction of the credit: one credit is recorded once, and a reversal of it undone. */
  txId: number;
  /** Cash deposited: counts in paySumAmount and raises the cash requirement (x deposit multiplier). */
  deposit?: Minor;
  /** Cash received from another player: raises the cash requirement only. */
  received?: Minor;
  /** Bonus money credited: raises the bonus requirement (x bonus multiplier). */
  bonus?: Minor;
}

const KINDS = ['cash', 'bonus'] as const;
type Kind = (typeof KINDS)[number];

/**
 * Records a credit's effect, inside the crediting transaction `tx`: deposit total and new requirements
 * (one row each, `tx:<txId>:<kind>`). Idempotent by the ledger transaction id.
 */
export async function recordCredit(tx: Executor, fact: CreditFact, m: Multipliers): Promise<void> {
  const currency = parseCurrency(fact.currency ?? DEFAULT_CURRENCY);
  const deposit = assertMinor(fact.deposit ?? 0);
  const cashBase = deposit + assertMinor(fact.received ?? 0);
  const raisedCash = scale(cashBase, m['wagering.depositMultiplier'], 'up');
  const raisedBonus = scale(assertMinor(fact.bonus ?? 0), m['wagering.bonusMultiplier'], 'up');
  await raise(tx, fact.txId, fact.userId, currency, deposit, raisedCash, raisedBonus);
}

/** The credit of ledger transaction `txId`: journal row, deposit total, one requirement row per kind. */
async function raise(
  tx: Executor,
  txId: number,
  userId: number,
  currency: string,
  deposit: number,
  raisedCash: number,
  raisedBonus: number,
) {
  if (deposit === 0 && raisedCash === 0 && raisedBonus === 0) return;
  await tx.execute(sql`
    with e as (
      insert into wagering_events (key, user_id, currency, deposited, raised_cash, raised_bonus)
      values (${`credit:${txId}`}, ${userId}, ${currency}, ${deposit}, ${raisedCash}, ${raisedBonus})
      on conflict (key) do nothing
      returning user_id
    ),
    t as (
      insert into wagering_totals as w (user_id, currency, deposited)
      select user_id, ${currency}, ${deposit} from e
      on conflict (user_id, currency) do update set deposited = w.deposited + excluded.deposited
    )
    insert into wagering_requirements (user_id, currency, kind, source, required, remaining)
    select e.user_id, ${currency}, k.kind, ${`tx:${txId}:`} || k.kind, k.amount, k.amount
    from e, (values ('cash', ${raisedCash}::bigint), ('bonus', ${raisedBonus}::bigint)) k (kind, amount)
    where k.amount > 0`);
}

/**
 * Inserts the fact's journal row, then applies its change to the player's totals row, which locks it (every
 * writer of a player's wagering does, in this order, so their requirement updates never interleave).
 * False: the fact was already applied.
 */
async function begin(
  tx: Executor,
  key: string,
  userId: number,
  currency: string,
  change: { holdId?: number; wagered?: number; withdrawn?: number },
): Promise<boolean> {
  const [row] = await rows<{ key: string }>(
    tx,
    sql`
    insert into wagering_events (key, user_id, currency, hold_id, wagered, withdrawn)
    values (${key}, ${userId}, ${currency}, ${change.holdId ?? null}, ${change.wagered ?? 0}, ${change.withdrawn ?? 0})
    on conflict (key) do nothing
    returning key`,
  );
  if (!row) return false;
  // Create, then update: a negative change (a lower resettlement) would fail the CHECK of a proposed row.
  await tx.execute(sql`
    insert into wagering_totals (user_id, currency) values (${userId}, ${currency})
    on conflict (user_id, currency) do nothing`);
  await tx.execute(sql`
    update wagering_totals set wagered = wagered + ${change.wagered ?? 0}, withdrawn = withdrawn + ${change.withdrawn ?? 0}
    where user_id = ${userId} and currency = ${currency}`);
  return true;
}

/** Wears a player's open requirements of one kind down by `amount`, oldest first. Answers what it wore. */
async function wear(tx: Executor, userId: number, currency: string, kind: Kind, amount: number) {
  const [row] = await rows<{ worn: string }>(
    tx,
    sql`
    with open as (
      select id, remaining, sum(remaining) over (order by id) - remaining as before
      from wagering_requirements
      where user_id = ${userId} and currency = ${currency} and kind = ${kind} and remaining > 0
    ),
    w as (
      update wagering_requirements r set remaining = r.remaining - least(o.remaining, ${amount}::bigint - o.before)
      from open o where r.id = o.id and o.before < ${amount}::bigint
      returning least(o.remaining, ${amount}::bigint - o.before) as worn
    )
    select coalesce(sum(worn), 0) as worn from w`,
  );
  return Number(row!.worn);
}

/** Gives back up to `amount` of worn requirement of one kind, newest requirement first. Answers how much. */
async function restore(tx: Executor, userId: number, currency: string, kind: Kind, amount: number) {
  if (amount <= 0) return 0;
  const [row] = await rows<{ restored: string }>(
    tx,
    sql`
    with worn as (
      select id, required - remaining as gap, sum(required - remaining) over (order by id desc) - (required - remaining) as before
      from wagering_requirements
      where user_id = ${userId} and currency = ${currency} and kind = ${kind} and remaining < required
    ),
    w as (
      update wagering_requirements r set remaining = r.remaining + least(o.gap, ${amount}::bigint - o.before)
      from worn o where r.id = o.id and o.before < ${amount}::bigint
      returning least(o.gap, ${amount}::bigint - o.before) as restored
    )
    select coalesce(sum(restored), 0) as restored from w`,
  );
  return Number(row!.restored);
}

/**
 * Turnover of a settled stake: adds to gameSumAmount and wears the cash and bonus requirements down by the
 * stake. A resettlement adds the change of stake; a lower stake gives back requirement, at most what this
 * stake's earlier settlements wore. Idempotent by the settlement's transaction id.
 */
export async function onStakeSettled(payload: SettledFact, tx: Executor): Promise<void> {
  const key = `settled:${payload.txId}`;
  const turnover = Number(payload.turnover);
  if (
    !(await begin(tx, key, payload.userId, payload.currency, { holdId: payload.holdId, wagered: turnover }))
  )
    return;
  const worn: Record<Kind, number> = { cash: 0, bonus: 0 };
  if (turnover > 0) {
    for (const kind of KINDS) worn[kind] = await wear(tx, payload.userId, payload.currency, kind, turnover);
  } else if (turnover < 0) {
    const [before] = await rows<{ cash: string; bonus: string }>(
      tx,
      sql`select coalesce(sum(worn_cash), 0) as cash, coalesce(sum(worn_bonus), 0) as bonus
          from wagering_events where hold_id = ${payload.holdId} and key <> ${key}`,
    );
    for (const kind of KINDS) {
      const wornBefore = Number(before![kind]);
      worn[kind] = -(await restore(
        tx,
        payload.userId,
        payload.currency,
        kind,
        Math.min(-turnover, wornBefore),
      ));
    }
  }
  if (worn.cash || worn.bonus)
    await tx.execute(
      sql`update wagering_events set worn_cash = ${worn.cash}, worn_bonus = ${worn.bonus} where key = ${key}`,
    );
}

/** A withdrawal paid out: wdSumAmount. Idempotent by the settlement's transaction id. */
export async function onWithdrawalPaid(payload: SettledFact, tx: Executor): Promise<void> {
  const amount = Number(payload.cash) + Number(payload.bonus);
  await begin(tx, `withdrawn:${payload.txId}`, payload.userId, payload.currency, { withdrawn: amount });
}

/**
 * A ledger transaction reversed: when it was a recorded credit, its deposit leaves the totals and what is
 * left of its requirements is cleared; when it was the reversal of one, the credit counts again, with its
 * requirements raised afresh (under the reversal's id). Idempotent by the reversed transaction id.
 */
export async function onReversed(payload: ReversedFact, tx: Executor): Promise<void> {
  const credit = async (txId: number | null | undefined) =>
    txId == null
      ? undefined
      : (
          await rows<{
            user_id: string;
            currency: string;
            deposited: string;
            raised_cash: string;
            raised_bonus: string;
          }>(
            tx,
            sql`select user_id, currency, deposited, raised_cash, raised_bonus from wagering_events
                where key = ${`credit:${txId}`}`,
          )
        )[0];
  const undone = await credit(payload.txId);
  if (!undone) {
    // The reversal of a reversed credit: the credit stands again.
    const again = await credit(payload.reverses);
    if (again)
      await raise(
        tx,
        payload.reversalId,
        Number(again.user_id),
        again.currency,
        Number(again.deposited),
        Number(again.raised_cash),
        Number(again.raised_bonus),
      );
    return;
  }
  // The credited player (for a transfer, the receiver, not the transaction's sender).
  const userId = Number(undone.user_id);
  const key = `reversed:${payload.txId}`;
  if (!(await begin(tx, key, userId, undone.currency, {}))) return;
  await tx.execute(sql`
    with c as (
      update wagering_requirements r set remaining = 0
      from (select id, remaining from wagering_requirements where source like ${`tx:${payload.txId}:%`}) o
      where r.id = o.id
      returning r.kind, o.remaining as cleared
    ),
    t as (
      update wagering_totals set deposited = deposited - ${Number(undone.deposited)}
      where user_id = ${userId} and currency = ${undone.currency}
    )
    update wagering_events set deposited = ${-Number(undone.deposited)},
      worn_cash = (select coalesce(sum(cleared), 0) from c where kind = 'cash'),
      worn_bonus = (select coalesce(sum(cleared), 0) from c where kind = 'bonus')
    where key = ${key}`);
}

/**
 * The handlers of the ledger's outbox topics, `(payload, tx) => Promise<void>`, each idempotent by its key.
 * The outbox relay (platform, "events") registers them with `app.outbox.on(topic, name, handler)`.
 */
export const wageringHandlers = {
  'ledger.stakeSettled': (payload: SettledFact, tx: Executor) => onStakeSettled(payload, tx),
  'ledger.withdrawalPaid': (payload: SettledFact, tx: Executor) => onWithdrawalPaid(payload, tx),
  'ledger.reversed': (payload: ReversedFact, tx: Executor) => onReversed(payload, tx),
} as const;

/**
 * Delivers the ledger's outbox rows after `afterId` to the wagering handlers, each in its own transaction,
 * in order; answers the last id seen. For tests and the benchmark, which run without the outbox relay.
 * Settlements touch only their player's rows, so on PostgreSQL several players' runs of settlements are
 * delivered at once (each player's in order); a reversal, which may credit another player, waits for all
 * before it and runs alone.
 */
export async function deliverLedgerFacts(database: Database, afterId = 0): Promise<number> {
  const list = await rows<{ id: string; topic: string; payload: unknown }>(
    database.db,
    sql`select id, topic, payload from outbox_events where id > ${afterId} order by id`,
  );
  const deliver = async (row: (typeof list)[number]) => {
    const handler = wageringHandlers[row.topic as keyof typeof wageringHandlers];
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    if (handler) await database.transaction((tx) => handler(payload as never, tx));
  };
  const lanes = database.kind === 'postgres' ? 8 : 1;
  for (let i = 0; i < list.length;) {
    if (list[i]!.topic === 'ledger.reversed' || lanes === 1) {
      await deliver(list[i++]!);
      continue;
    }
    // The run of settlements up to the next reversal, grouped by player.
    const byPlayer = new Map<number, (typeof list)[number][]>();
    for (; i < list.length && list[i]!.topic !== 'ledger.reversed'; i++) {
      const row = list[i]!;
      const payload = (
        typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
      ) as SettledFact;
      const userId = Number(payload.userId);
      const queue = byPlayer.get(userId);
      if (queue) queue.push(row);
      else byPlayer.set(userId, [row]);
    }
    const queues = [...byPlayer.values()];
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let q = queues.shift(); q; q = queues.shift()) for (const row of q) await deliver(row);
      }),
    );
  }
  return list.length ? Number(list.at(-1)!.id) : afterId;
}

/**
 * A player's totals and cash requirement still due in one currency, as a one-row SQL subquery
 * (`deposited`, `withdrawn`, `wagered`, `cash_due`), for a caller reading its figures in one query.
 */
export function totalsQuery(userId: number, currency: Currency = DEFAULT_CURRENCY): SQL {
  // The SQL function `wagering_figures` (migration 0019) keeps its plan per connection.
  return sql`select deposited, withdrawn, wagered, cash_due
    from wagering_figures(${userId}::bigint, ${currency}::text)`;
}

export interface Requirement {
  id: number;
  kind: Kind;
  source: string;
  required: Minor;
  remaining: Minor;
}

/** A player's requirements, oldest first. */
export async function requirements(exec: Executor, userId: number): Promise<Requirement[]> {
  const list = await rows<Record<string, string>>(
    exec,
    sql`select id, kind, source, required, remaining from wagering_requirements where user_id = ${userId} order by id`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    kind: r.kind as Kind,
    source: r.source!,
    required: Number(r.required),
    remaining: Number(r.remaining),
  }));
}

export interface WageringTotals {
  deposited: Minor;
  withdrawn: Minor;
  wagered: Minor;
  /** Cash requirement still to be staked. */
  cashDue: Minor;
}

/** A player's totals and cash requirement due (`totalsQuery` on its own). */
export async function totals(
  exec: Executor,
  userId: number,
  currency: Currency = DEFAULT_CURRENCY,
): Promise<WageringTotals> {
  const [r] = await rows<Record<string, string>>(exec, totalsQuery(userId, currency));
  return {
    deposited: Number(r!.deposited),
    withdrawn: Number(r!.withdrawn),
    wagered: Number(r!.wagered),
    cashDue: Number(r!.cash_due),
  };
}

/** The service the module decorates: credits recorded with the current multipliers unless given. */
export function createWageringService({ settings }: { settings: { all(): Promise<Settings> } }) {
  return {
    async recordCredit(tx: Executor, fact: CreditFact, multipliers?: Multipliers) {
      await recordCredit(tx, fact, multipliers ?? (await settings.all()));
    },
    totals,
    requirements,
    handlers: wageringHandlers,
  };
}

export type WageringService = ReturnType<typeof createWageringService>;
