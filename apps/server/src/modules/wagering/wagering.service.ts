import { TxType } from '@aposta/contracts';
import { assertMinor, DEFAULT_CURRENCY, mulDiv, scale, type Currency, type Minor } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { emitFact, type OutboxTopic } from '../../platform/outbox';
import { parseCurrency, playerAccounts, post, type ReversedFact, type SettledFact } from '../ledger';
import type { Settings } from '../settings';

/**
 * Wagering requirements, deposit and withdrawal totals and turnover: the VIP inputs and what holds cash back
 * from withdrawal, kept beside the ledger, never in it. Facts that RAISE a requirement (a deposit, a bonus,
 * a transfer received) are recorded by the crediting code in its own transaction (`recordCredit`), so no
 * withdrawal can slip between the credit and its requirement. Facts that lower one (stakes settled or
 * resettled, reversals) and withdrawals paid arrive as the ledger's outbox events (`handlers`); until they
 * are delivered the requirement stays, which only errs on the safe side.
 *
 * The bonus engine lives here too (Promotions issue, item 1), rather than beside it: a bonus IS a `bonus`
 * requirement plus its grant (`bonus_grants`: amount, expiry, maximum conversion), worn down by the same
 * settlement facts in the same transaction, so the wear and the conversion it triggers cannot disagree.
 * Stakes wear a bonus by the product's contribution weight (settings `bonus.weights`; sports only at a price
 * of `bonus.sportsMinPrice` or more, never a cashed-out stake: products answer that through a contribution
 * resolver, `contribution(product, fn)`). When a grant's requirement is met before its expiry its bonus money
 * moves to cash (award 141, key `bonus-convert:<grant>`); at expiry the rest goes back to promotions
 * (`bonus-forfeit:<grant>`). An expired grant neither converts nor is worn, even before the expiry job gets to it.
 * Every change of deposits or turnover writes `wagering.totalsChanged` to the outbox (the VIP module's input),
 * and every grant `bonus.granted` (its delivery pushes the player's figures).
 */

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

export type Multipliers = Pick<Settings, 'wagering.depositMultiplier' | 'wagering.bonusMultiplier'> &
  Partial<Pick<Settings, 'bonus.expiryDays' | 'bonus.maxConversionMultiple'>>;

/** Outbox fact for the VIP module: the player's deposits or turnover changed (inserted by SQL, after-commit). */
async function totalsChanged(tx: Executor, userId: number, currency: string) {
  await tx.execute(sql`insert into outbox_events (topic, payload)
    values ('wagering.totalsChanged', ${JSON.stringify({ userId, currency })}::jsonb)`);
}

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
  /**
   * The caller's own event, written in the same transaction, whose delivery pushes the player's figures (a
   * deposit's `payment.credited`, a commission's `referral.commissionEarned`): the grant's `bonus.granted`
   * then does not push them again.
   */
  pushedBy?: OutboxTopic;
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
  const bonus = assertMinor(fact.bonus ?? 0);
  const raisedBonus = scale(bonus, m['wagering.bonusMultiplier'], 'up');
  const fresh = await raise(tx, fact.txId, fact.userId, currency, deposit, raisedCash, raisedBonus);
  if (fresh && bonus > 0) await grant(tx, fact, currency, bonus, raisedBonus, m);
}

export interface BonusCredit {
  userId: number;
  amount: Minor;
  idempotencyKey: string;
  ref: string;
  memo?: Record<string, string | number>;
  /** This bonus's own wagering multiple and expiry in days (default: the settings'). */
  multiple?: number;
  expiryDays?: number;
  /** As `CreditFact.pushedBy`. */
  pushedBy?: OutboxTopic;
}

/**
 * Every promotion's reward, in the caller's transaction `tx`: bonus money from the promotions account (award
 * 141's counterpart, a PROMOTION transaction under the key, so it is paid once) made a grant of the bonus
 * engine with its wagering requirement. A replayed key answers the first transaction and records nothing again.
 */
export async function creditBonus(
  tx: Executor,
  c: BonusCredit,
  m: Multipliers,
): Promise<{ txId: number; replayed: boolean }> {
  const posted = await post(tx, {
    type: TxType.PROMOTION,
    idempotencyKey: c.idempotencyKey,
    ref: c.ref,
    memo: c.memo,
    players: [{ userId: c.userId, kind: 'bonus', amount: c.amount }],
    system: [{ kind: 'promotions', amount: -c.amount }],
  });
  await recordCredit(
    tx,
    { userId: c.userId, txId: posted.txId, bonus: c.amount, pushedBy: c.pushedBy },
    {
      ...m,
      ...(c.multiple === undefined ? {} : { 'wagering.bonusMultiplier': c.multiple }),
      ...(c.expiryDays === undefined ? {} : { 'bonus.expiryDays': c.expiryDays }),
    },
  );
  return posted;
}

/** The grant of a bonus credit (its requirement raised just before); met at once when the multiple is 0. */
async function grant(
  tx: Executor,
  fact: CreditFact,
  currency: string,
  amount: number,
  required: number,
  m: Multipliers,
) {
  const days = m['bonus.expiryDays'] ?? 30;
  const multiple = m['bonus.maxConversionMultiple'] ?? 5;
  const maxConversion = multiple > 0 ? scale(amount, multiple, 'down') : null;
  const [granted] = await rows<{ id: string }>(
    tx,
    sql`
    insert into bonus_grants (user_id, currency, tx_id, requirement, amount, required, max_conversion, expires_at)
    values (${fact.userId}, ${currency}, ${fact.txId}, ${required > 0 ? `tx:${fact.txId}:bonus` : null}, ${amount},
      ${required}, ${maxConversion}, now() + make_interval(days => ${days}::int))
    on conflict (tx_id) do nothing
    returning id`,
  );
  if (!granted) return;
  await emitFact(tx, 'bonus.granted', {
    userId: fact.userId,
    currency,
    grantId: Number(granted.id),
    txId: fact.txId,
    amount,
    required,
    pushedBy: fact.pushedBy ?? null,
  });
  if (required === 0) await convertMet(tx, fact.userId, currency);
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
  if (deposit === 0 && raisedCash === 0 && raisedBonus === 0) return true;
  const [fresh] = await rows<{ user_id: string }>(
    tx,
    sql`
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
    ),
    r as (
      insert into wagering_requirements (user_id, currency, kind, source, required, remaining)
      select e.user_id, ${currency}, k.kind, ${`tx:${txId}:`} || k.kind, k.amount, k.amount
      from e, (values ('cash', ${raisedCash}::bigint), ('bonus', ${raisedBonus}::bigint)) k (kind, amount)
      where k.amount > 0
    )
    select user_id from e`,
  );
  if (fresh && deposit !== 0) await totalsChanged(tx, userId, currency);
  return Boolean(fresh);
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
  await ensureTotals(tx, userId, currency);
  await tx.execute(sql`
    update wagering_totals set wagered = wagered + ${change.wagered ?? 0}, withdrawn = withdrawn + ${change.withdrawn ?? 0}
    where user_id = ${userId} and currency = ${currency}`);
  return true;
}

const ensureTotals = (tx: Executor, userId: number, currency: string) =>
  tx.execute(sql`
    insert into wagering_totals (user_id, currency) values (${userId}, ${currency})
    on conflict (user_id, currency) do nothing`);

/** Locks the player's totals row (made when missing) as `begin` does, for a writer that decides before it. */
async function lockTotals(tx: Executor, userId: number, currency: string) {
  await ensureTotals(tx, userId, currency);
  await tx.execute(sql`
    select 1 from wagering_totals where user_id = ${userId} and currency = ${currency} for update`);
}

/**
 * Whether a requirement row `r` is cleared (the audit checks that such a row stays at 0); `IN_FORCE` is its
 * negation. A row is cleared (`remaining` set to 0) when its credit is reversed
 * (journal `reversed:<txId>`) or its grant closes (converted, forfeited, cancelled): it then looks worn, but
 * nothing may be given back to it, or the requirement would go to a bonus that no longer exists (and leave
 * the live one it was taken from short). Migrated rows (`migrated:…`) have no credit and no grant.
 */
export const CLEARED = `((r.source like 'tx:%' and exists (select 1 from wagering_events e
    where e.key = 'reversed:' || split_part(r.source, ':', 2)))
  or exists (select 1 from bonus_grants g
    where g.user_id = r.user_id and g.requirement = r.source and g.status <> 'active'))`;
const IN_FORCE = sql.raw(`not ${CLEARED}`);

/**
 * Wears a player's open requirements of one kind down by `amount`, oldest first, and records what the stake
 * (hold `holdId`) wore of each row (`wagering_wear`), for an exact give-back. Answers what it wore. A bonus
 * requirement whose grant has expired is not worn (it can no longer convert, and the expiry job forfeits it
 * within the minute): the stake goes to the grants still running. (The expired grants not yet forfeited are
 * read once, through the partial index of active grants by expiry: few, and none most of the time.)
 */
async function wear(
  tx: Executor,
  userId: number,
  currency: string,
  kind: Kind,
  amount: number,
  holdId: number,
) {
  const running =
    kind === 'bonus'
      ? sql`and r.source not in (select g.requirement from bonus_grants g where g.status = 'active'
          and g.expires_at <= now() and g.user_id = ${userId} and g.requirement is not null)`
      : sql``;
  const [row] = await rows<{ worn: string }>(
    tx,
    sql`
    with open as (
      select r.id, r.remaining, sum(r.remaining) over (order by r.id) - r.remaining as before
      from wagering_requirements r
      where r.user_id = ${userId} and r.currency = ${currency} and r.kind = ${kind} and r.remaining > 0 ${running}
    ),
    w as (
      update wagering_requirements r set remaining = r.remaining - least(o.remaining, ${amount}::bigint - o.before)
      from open o where r.id = o.id and o.before < ${amount}::bigint
      returning r.id, least(o.remaining, ${amount}::bigint - o.before) as worn
    ),
    k as (
      insert into wagering_wear as k (hold_id, requirement_id, worn)
      select ${holdId}::bigint, w.id, w.worn from w where w.worn > 0
      on conflict (hold_id, requirement_id) do update set worn = k.worn + excluded.worn
    )
    select coalesce(sum(worn), 0) as worn from w`,
  );
  return Number(row!.worn);
}

/**
 * Gives back up to `amount` of what the stake (hold `holdId`) wore of one kind, row by row as `wagering_wear`
 * recorded it, the newest row first (the last worn), to rows still in force only (`IN_FORCE`): a cleared row
 * keeps its 0, and a row the stake never wore gets nothing. Answers how much.
 */
async function restoreWorn(tx: Executor, holdId: number, kind: Kind, amount: number) {
  if (amount <= 0) return 0;
  const [row] = await rows<{ restored: string }>(
    tx,
    sql`
    with worn as (
      select r.id, least(k.worn, r.required - r.remaining) as gap,
        sum(least(k.worn, r.required - r.remaining)) over (order by r.id desc)
          - least(k.worn, r.required - r.remaining) as before
      from wagering_wear k join wagering_requirements r on r.id = k.requirement_id
      where k.hold_id = ${holdId} and k.worn > 0 and r.kind = ${kind} and r.remaining < r.required and ${IN_FORCE}
    ),
    w as (
      update wagering_requirements r set remaining = r.remaining + least(o.gap, ${amount}::bigint - o.before)
      from worn o where r.id = o.id and o.before < ${amount}::bigint
      returning r.id, least(o.gap, ${amount}::bigint - o.before) as restored
    ),
    k as (
      update wagering_wear k set worn = k.worn - w.restored from w
      where k.hold_id = ${holdId} and k.requirement_id = w.id
    )
    select coalesce(sum(restored), 0) as restored from w`,
  );
  return Number(row!.restored);
}

/**
 * The give-back of a stake settled before its wear was recorded per row (migration 0067): up to `amount` of
 * worn requirement of one kind, newest requirement first, to rows still in force only (`IN_FORCE`).
 */
async function restore(tx: Executor, userId: number, currency: string, kind: Kind, amount: number) {
  if (amount <= 0) return 0;
  const [row] = await rows<{ restored: string }>(
    tx,
    sql`
    with worn as (
      select r.id, r.required - r.remaining as gap,
        sum(r.required - r.remaining) over (order by r.id desc) - (r.required - r.remaining) as before
      from wagering_requirements r
      where r.user_id = ${userId} and r.currency = ${currency} and r.kind = ${kind} and r.remaining < r.required
        and ${IN_FORCE}
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
 * How a settled stake counts, as a product's contribution resolver answers it: `counts` false leaves it out
 * of turnover altogether (a cash-out: a bet and its own cash-out make no turnover); `weight` is the percent
 * of it that wears bonus requirements down (0 to 100).
 */
export interface Contribution {
  counts: boolean;
  weight: number;
  /**
   * Convert the grants this stake's wear completes (the module's handler does; the bare `wageringHandlers`,
   * which the ledger's model test replays against its arithmetic, only wear).
   */
  convert?: boolean;
}

/**
 * Turnover of a settled stake: adds to gameSumAmount and wears the cash requirements down by the stake and
 * the bonus ones by its weighted part (`contribution`; all of it when none is given). A resettlement adds the
 * change of stake; a lower stake (a result corrected to void, a rollback) gives back requirement: what this
 * stake's earlier settlements wore of each row, no more, the last worn first, and only to rows still in force
 * (`restoreWorn`): never to a grant since converted, forfeited or cancelled, nor to a credit since reversed,
 * nor to a row the stake did not wear. Bonus grants whose requirement is met, and not expired, are converted in
 * the same transaction. Idempotent by the settlement's transaction id.
 *
 * A grant the stake completed and that converted stays converted: its cash is the player's and is not taken
 * back (a correction of the player's cash is an operator's adjustment, two operators); what the stake wore of it
 * is not given back to anything else, and the settlement's journal row shows the give-back short of the
 * stake's change (`worn_bonus` closer to 0 than the weighted `wagered`).
 */
export async function onStakeSettled(
  payload: SettledFact,
  tx: Executor,
  contribution: Contribution = { counts: true, weight: 100 },
): Promise<void> {
  const key = `settled:${payload.txId}`;
  const turnover = contribution.counts ? Number(payload.turnover) : 0;
  if (
    !(await begin(tx, key, payload.userId, payload.currency, { holdId: payload.holdId, wagered: turnover }))
  )
    return;
  const weight = Math.min(100, Math.max(0, Math.trunc(contribution.weight)));
  const wearOf: Record<Kind, number> = {
    cash: Math.abs(turnover),
    bonus: mulDiv(Math.abs(turnover), weight, 100, 'down'),
  };
  const worn: Record<Kind, number> = { cash: 0, bonus: 0 };
  if (turnover > 0) {
    for (const kind of KINDS)
      if (wearOf[kind] > 0)
        worn[kind] = await wear(tx, payload.userId, payload.currency, kind, wearOf[kind], payload.holdId);
  } else if (turnover < 0) {
    // What the stake wore (the journal, per kind) and how much of it is recorded per row.
    const [before] = await rows<Record<`${'' | 'rec_'}${Kind}`, string>>(
      tx,
      sql`select coalesce(sum(worn_cash), 0) as cash, coalesce(sum(worn_bonus), 0) as bonus,
            (select coalesce(sum(k.worn), 0) from wagering_wear k join wagering_requirements r on r.id = k.requirement_id
              where k.hold_id = ${payload.holdId} and r.kind = 'cash') as rec_cash,
            (select coalesce(sum(k.worn), 0) from wagering_wear k join wagering_requirements r on r.id = k.requirement_id
              where k.hold_id = ${payload.holdId} and r.kind = 'bonus') as rec_bonus
          from wagering_events where hold_id = ${payload.holdId} and key <> ${key}`,
    );
    for (const kind of KINDS) {
      const wornBefore = Number(before![kind]);
      const due = Math.min(wearOf[kind], wornBefore);
      let back = await restoreWorn(tx, payload.holdId, kind, due);
      // Wear from before migration 0067 has no rows: it goes back as it used to, to the rows in force.
      const unrecorded = wornBefore - Number(before![`rec_${kind}`]);
      if (unrecorded > 0 && back < due)
        back += await restore(tx, payload.userId, payload.currency, kind, Math.min(due - back, unrecorded));
      worn[kind] = -back;
    }
  }
  if (worn.cash || worn.bonus)
    await tx.execute(
      sql`update wagering_events set worn_cash = ${worn.cash}, worn_bonus = ${worn.bonus} where key = ${key}`,
    );
  if (turnover !== 0) await totalsChanged(tx, payload.userId, payload.currency);
  if (worn.bonus > 0 && contribution.convert) await convertMet(tx, payload.userId, payload.currency);
}

/**
 * `onStakeSettled` of many facts at once (the outbox relay's set-based path), for the common cases: stakes that
 * count (`counts(fact)`, a positive turnover) of a player with no open bonus requirement (so a product's weight,
 * which bears on bonus wear only, does not matter). Without an open requirement they only add to the player's
 * turnover (`addTurnover`); with open cash requirements (a depositor's, most players) they also wear those
 * down, oldest first, in the facts' order (`wearCash`). One `wagering.totalsChanged` per player. Every fact of
 * any other player (a bonus to wear and maybe convert, a stake given back, one that does not count) is left, in
 * order, to `onStakeSettled`. Answers the indexes of the facts left.
 */
async function onStakesSettled(
  facts: SettledFact[],
  tx: Executor,
  counts: (fact: SettledFact) => boolean,
): Promise<number[]> {
  let open = await openKinds(
    tx,
    facts.map((f) => f.userId),
  );
  const busy = new Set([...open].flatMap(([u, kinds]) => (kinds.bonus ? [u] : [])));
  for (const f of facts) if (!counts(f) || !(Number(f.turnover) > 0)) busy.add(f.userId);
  const mine = facts
    .map((f, i) => ({
      i,
      key: `settled:${f.txId}`,
      u: f.userId,
      c: f.currency,
      hold: f.holdId,
      w: Number(f.turnover),
    }))
    .filter((f) => !busy.has(f.u));
  if (mine.some((f) => open.has(f.u))) {
    // Requirements to wear: every player's totals row locked first, in one order, as a fact's handler locks it
    // before it reads the requirements, and they are read again under the locks, so a credit committed since
    // the first read counts (a bonus raised since: that player's facts go fact by fact after all). One
    // statement for all, so two relays' batches never take two players' rows in opposite orders.
    await tx.execute(sql`
      insert into wagering_totals as t (user_id, currency)
      select u, c from jsonb_to_recordset(${JSON.stringify(mine)}::jsonb) as p (u bigint, c text)
       group by 1, 2 order by 1, 2
      on conflict (user_id, currency) do update set wagered = t.wagered`);
    open = await openKinds(
      tx,
      mine.map((f) => f.u),
    );
    for (const f of mine) if (open.get(f.u)?.bonus) busy.add(f.u);
  }
  const ready = mine.filter((f) => !busy.has(f.u));
  await wearCash(
    tx,
    ready.filter((f) => open.has(f.u)),
  );
  await addTurnover(
    tx,
    ready.filter((f) => !open.has(f.u)),
  );
  return facts.flatMap((f, i) => (busy.has(f.userId) ? [i] : []));
}

/** Fact rows of the set-based path: `i` the fact's place in its batch, `w` its turnover (positive). */
interface TurnoverRow {
  i: number;
  key: string;
  u: number;
  c: string;
  hold: number;
  w: number;
}

/** Of `userIds`, the players with open requirements, and whether a bonus one is among them. */
async function openKinds(tx: Executor, userIds: number[]) {
  const found = await rows<{ user_id: string; bonus: boolean }>(
    tx,
    sql`select user_id, bool_or(kind = 'bonus') as bonus
          from wagering_requirements
         where user_id = any(array(select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb)::bigint))
           and remaining > 0
         group by user_id`,
  );
  return new Map(found.map((r) => [Number(r.user_id), { bonus: r.bonus }]));
}

/** Turnover of players with no open requirement: their events, the totals summed per player, one push each. */
async function addTurnover(tx: Executor, facts: TurnoverRow[]) {
  if (!facts.length) return;
  await tx.execute(sql`
    with e as (
      insert into wagering_events (key, user_id, currency, hold_id, wagered)
      select f.key, f.u, f.c, f.hold, f.w
        from jsonb_to_recordset(${JSON.stringify(facts)}::jsonb) as f (key text, u bigint, c text, hold bigint, w bigint)
      on conflict (key) do nothing
      returning user_id, currency, wagered
    ),
    t as (
      insert into wagering_totals as t (user_id, currency, wagered)
      select user_id, currency, sum(wagered) from e group by 1, 2 order by 1, 2
      on conflict (user_id, currency) do update set wagered = t.wagered + excluded.wagered
      returning user_id, currency
    )
    insert into outbox_events (topic, payload)
    select 'wagering.totalsChanged', jsonb_build_object('userId', user_id, 'currency', currency) from t`);
}

/**
 * Turnover of players with open cash requirements only (their totals rows locked), as `onStakeSettled` fact by
 * fact would record it: each player's facts in order and their requirements oldest first laid end to end, a
 * fact wears of a requirement what their stretches share; each fact's event with what it wore (`worn_cash`),
 * the wear per hold and requirement (`wagering_wear`, for an exact give-back), the requirements lowered, the
 * turnover added, one push per player. A fact already recorded (its event's key) is skipped.
 */
async function wearCash(tx: Executor, facts: TurnoverRow[]) {
  if (!facts.length) return;
  await tx.execute(sql`
    with f as (
      select distinct on (f.key) f.* from jsonb_to_recordset(${JSON.stringify(facts)}::jsonb)
          as f (i int, key text, u bigint, c text, hold bigint, w bigint)
       where not exists (select 1 from wagering_events e where e.key = f.key)
       order by f.key, f.i
    ),
    fc as (select f.*, sum(f.w) over (partition by f.u, f.c order by f.i) as hi from f),
    rq as (
      select r.id, r.user_id as u, r.currency as c, r.remaining,
             sum(r.remaining) over (partition by r.user_id, r.currency order by r.id) as hi
        from wagering_requirements r
       where r.user_id in (select u from f) and r.kind = 'cash' and r.remaining > 0
    ),
    x as (
      select fc.i, fc.hold, rq.id, least(fc.hi, rq.hi) - greatest(fc.hi - fc.w, rq.hi - rq.remaining) as worn
        from fc join rq on rq.u = fc.u and rq.c = fc.c
       where least(fc.hi, rq.hi) > greatest(fc.hi - fc.w, rq.hi - rq.remaining)
    ),
    r as (
      update wagering_requirements r set remaining = r.remaining - s.worn
        from (select id, sum(worn) as worn from x group by id) s
       where r.id = s.id
    ),
    k as (
      insert into wagering_wear as k (hold_id, requirement_id, worn)
      select hold, id, sum(worn) from x group by 1, 2
      on conflict (hold_id, requirement_id) do update set worn = k.worn + excluded.worn
    ),
    e as (
      insert into wagering_events (key, user_id, currency, hold_id, wagered, worn_cash)
      select fc.key, fc.u, fc.c, fc.hold, fc.w, coalesce((select sum(x.worn) from x where x.i = fc.i), 0)
        from fc
    ),
    t as (
      update wagering_totals t set wagered = t.wagered + s.w
        from (select u, c, sum(w) as w from f group by 1, 2) s
       where t.user_id = s.u and t.currency = s.c
      returning t.user_id, t.currency
    )
    insert into outbox_events (topic, payload)
    select 'wagering.totalsChanged', jsonb_build_object('userId', user_id, 'currency', currency) from t`);
}

interface GrantRow {
  id: string;
  user_id: string;
  currency: string;
  amount: string;
  max_conversion: string | null;
  requirement: string | null;
}

/**
 * Converts the player's active grants whose requirement is met, oldest first; an expired one never (the expiry
 * job forfeits it, whatever was wagered after its expiry).
 */
async function convertMet(tx: Executor, userId: number, currency: string) {
  const met = await rows<{ id: string }>(
    tx,
    sql`select g.id from bonus_grants g left join wagering_requirements r on r.source = g.requirement
        where g.user_id = ${userId} and g.currency = ${currency} and g.status = 'active'
          and g.expires_at > now() and (g.requirement is null or r.remaining = 0)
        order by g.id`,
  );
  for (const g of met) await close(tx, Number(g.id), 'converted');
}

/**
 * Closes an active grant, once (its row locked, its state guarded, each posting keyed by the grant):
 * `converted` moves its bonus money to cash up to its maximum conversion (award 141), the excess back to
 * promotions; `forfeited` moves it all back (143). A grant's bonus money is the player's available bonus balance when it is the last active grant, else
 * at most its own amount (bonus money is one balance; money still staked in open bets stays bonus).
 */
async function close(tx: Executor, grantId: number, outcome: 'converted' | 'forfeited') {
  const [g] = await rows<GrantRow>(
    tx,
    sql`select id, user_id, currency, amount, max_conversion, requirement from bonus_grants
        where id = ${grantId} and status = 'active' for update`,
  );
  if (!g) return;
  const userId = Number(g.user_id);
  const account = (await playerAccounts(tx, userId)).find(
    (a) => a.kind === 'bonus' && a.currency === g.currency,
  );
  const [others] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from bonus_grants where user_id = ${userId} and currency = ${g.currency}
        and status = 'active' and id <> ${grantId}`,
  );
  const available = Math.max(0, account?.available ?? 0);
  const share = Number(others!.n) > 0 ? Math.min(available, Number(g.amount)) : available;
  const cap = g.max_conversion == null ? share : Math.min(share, Number(g.max_conversion));
  const toCash = outcome === 'converted' ? cap : 0;
  const back = share - toCash;
  // Two postings, so the records read plainly: the bonus money leaves the bonus balance (142 released, or 143
  // forfeited) to promotions, and what converts comes back as cash (award 141).
  let txId: number | null = null;
  const common = {
    currency: g.currency as Currency,
    ref: `bonus:${grantId}`,
    memo: { bonus: outcome, grant: grantId },
    book: account?.book,
    userId,
  };
  if (share > 0)
    txId = (
      await post(tx, {
        ...common,
        type: outcome === 'converted' ? TxType.BONUS_RELEASED : TxType.BONUS_FORFEITED,
        idempotencyKey: `bonus-${outcome === 'converted' ? 'release' : 'forfeit'}:${grantId}`,
        players: [{ userId, kind: 'bonus', amount: -share }],
        system: [{ kind: 'promotions', amount: share }],
      })
    ).txId;
  if (toCash > 0)
    txId = (
      await post(tx, {
        ...common,
        type: TxType.PROMOTION,
        idempotencyKey: `bonus-convert:${grantId}`,
        players: [{ userId, kind: 'cash', amount: toCash }],
        system: [{ kind: 'promotions', amount: -toCash }],
      })
    ).txId;
  if (toCash > 0)
    await emitFact(tx, 'bonus.released', { userId, currency: g.currency, grantId, amount: toCash });
  await tx.execute(sql`
    update bonus_grants set status = ${outcome}, closed_tx_id = ${txId}, converted = ${toCash},
      forfeited = ${back}, closed_at = now()
    where id = ${grantId}`);
}

/**
 * Forfeits a grant (expired, or an operator's call): what is left of its requirement is cleared (journal
 * `forfeit:<grant>`) and its bonus money goes back to promotions. False, with nothing written, when the grant is
 * not active, also when a conversion committed while this waited: the player's totals row is locked first (the
 * order of every wagering writer, a settlement's conversion included), then the grant is read again under it.
 */
export async function forfeitGrant(tx: Executor, grantId: number): Promise<boolean> {
  const [seen] = await rows<{ user_id: string; currency: string }>(
    tx,
    sql`select user_id, currency from bonus_grants where id = ${grantId} and status = 'active'`,
  );
  if (!seen) return false;
  await lockTotals(tx, Number(seen.user_id), seen.currency);
  const [g] = await rows<GrantRow>(
    tx,
    sql`select id, user_id, currency, amount, max_conversion, requirement from bonus_grants
        where id = ${grantId} and status = 'active' for update`,
  );
  if (!g) return false;
  const key = `forfeit:${grantId}`;
  if (!(await begin(tx, key, Number(g.user_id), g.currency, {}))) return false;
  if (g.requirement)
    await tx.execute(sql`
      with c as (
        update wagering_requirements r set remaining = 0
        from (select id, remaining from wagering_requirements where source = ${g.requirement} for update) o
        where r.id = o.id
        returning o.remaining as cleared
      )
      update wagering_events set worn_bonus = (select coalesce(sum(cleared), 0) from c) where key = ${key}`);
  await close(tx, grantId, 'forfeited');
  return true;
}

/** The active grants past their expiry (oldest first, at most `limit`), for the expiry job. */
export async function expiredGrants(exec: Executor, limit = 200): Promise<number[]> {
  const list = await rows<{ id: string }>(
    exec,
    sql`select id from bonus_grants where status = 'active' and expires_at <= now() order by expires_at limit ${limit}`,
  );
  return list.map((r) => Number(r.id));
}

export interface ActiveBonus {
  id: number;
  currency: string;
  amount: Minor;
  required: Minor;
  remaining: Minor;
  maxConversion: Minor | null;
  expiresAt: Date;
  createdAt: Date;
}

/** A player's active bonuses with their wagering progress, oldest first. */
export async function activeBonuses(exec: Executor, userId: number): Promise<ActiveBonus[]> {
  const list = await rows<Record<string, string | null>>(
    exec,
    sql`select g.id, g.currency, g.amount, g.required, coalesce(r.remaining, 0) as remaining, g.max_conversion,
          g.expires_at, g.created_at
        from bonus_grants g left join wagering_requirements r on r.source = g.requirement
        where g.user_id = ${userId} and g.status = 'active' order by g.id`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    currency: r.currency!,
    amount: Number(r.amount),
    required: Number(r.required),
    remaining: Number(r.remaining),
    maxConversion: r.max_conversion == null ? null : Number(r.max_conversion),
    expiresAt: new Date(r.expires_at!),
    createdAt: new Date(r.created_at!),
  }));
}

export interface BonusGrant extends ActiveBonus {
  userId: number;
  /** The crediting ledger transaction. */
  txId: number;
  /** `cancelled`: its credit was reversed (`onReversed`), nothing converted or forfeited. */
  status: 'active' | 'converted' | 'forfeited' | 'cancelled';
  converted: Minor;
  forfeited: Minor;
  closedAt: Date | null;
}

/**
 * A player's grants of every state, or one grant by id or by its crediting transaction, newest first (at most
 * 100), for operators.
 */
export async function playerGrants(
  exec: Executor,
  by: { userId: number } | { id: number } | { txId: number },
): Promise<BonusGrant[]> {
  const where =
    'id' in by
      ? sql`g.id = ${by.id}`
      : 'txId' in by
        ? sql`g.tx_id = ${by.txId}`
        : sql`g.user_id = ${by.userId}`;
  const list = await rows<Record<string, string | null>>(
    exec,
    sql`select g.id, g.user_id, g.tx_id, g.currency, g.amount, g.required, coalesce(r.remaining, 0) as remaining,
          g.max_conversion, g.status, g.converted, g.forfeited, g.expires_at, g.created_at, g.closed_at
        from bonus_grants g left join wagering_requirements r on r.source = g.requirement
        where ${where} order by g.id desc limit 100`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    txId: Number(r.tx_id),
    currency: r.currency!,
    amount: Number(r.amount),
    required: Number(r.required),
    remaining: Number(r.remaining),
    maxConversion: r.max_conversion == null ? null : Number(r.max_conversion),
    status: r.status as BonusGrant['status'],
    converted: Number(r.converted),
    forfeited: Number(r.forfeited),
    expiresAt: new Date(r.expires_at!),
    createdAt: new Date(r.created_at!),
    closedAt: r.closed_at == null ? null : new Date(r.closed_at),
  }));
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
  // A reversed bonus credit: its grant ends (the reversal took the money back), never converted.
  await tx.execute(sql`update bonus_grants set status = 'cancelled', closed_at = now()
    where tx_id = ${payload.txId} and status = 'active'`);
  if (Number(undone.deposited) !== 0) await totalsChanged(tx, userId, undone.currency);
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
export function totalsQuery(userId: number | SQL, currency: Currency = DEFAULT_CURRENCY): SQL {
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
  return totalsOfRow(r!);
}

const totalsOfRow = (r: Record<string, string>): WageringTotals => ({
  deposited: Number(r.deposited),
  withdrawn: Number(r.withdrawn),
  wagered: Number(r.wagered),
  cashDue: Number(r.cash_due),
});

/** Many players' totals at once (one statement): by player id, every one of `userIds` present. */
export async function totalsOfPlayers(
  exec: Executor,
  userIds: number[],
  currency: Currency = DEFAULT_CURRENCY,
): Promise<Map<number, WageringTotals>> {
  const list = await rows<Record<string, string>>(
    exec,
    sql`select u.id, f.deposited, f.withdrawn, f.wagered, f.cash_due
          from unnest(${`{${userIds.join(',')}}`}::bigint[]) as u (id)
         cross join lateral wagering_figures(u.id, ${currency}::text) f`,
  );
  return new Map(list.map((r) => [Number(r.id), totalsOfRow(r)]));
}

/** A product's say on how one of its settled stakes counts (sports: price and cash-outs). */
export type ContributionResolver = (
  fact: SettledFact,
  tx: Executor,
  settings: Settings,
) => Promise<Partial<Contribution>>;

/**
 * The set-based half of a product's resolver, for the relay: of its settled stakes, the settlement transaction
 * ids of those that do not count at all (`counts` false: a cash-out). The others count in turnover and in full
 * against cash requirements (a weight only bears on bonus wear, which stays fact by fact).
 */
export type UncountedResolver = (facts: SettledFact[], tx: Executor) => Promise<Set<number>>;

/**
 * The service the module decorates: credits recorded with the current multipliers unless given; the ledger
 * handlers with the products' contribution weights (`contribution` lets a product register its resolver).
 */
export function createWageringService({
  settings,
}: {
  settings: { all(): Promise<Settings>; allIn(exec: Executor): Promise<Settings> };
}) {
  const resolvers = new Map<string, { each: ContributionResolver; uncounted?: UncountedResolver }>();

  /** How a settled stake counts: the product's weight setting, narrowed by its resolver. */
  async function contributionOf(fact: SettledFact, tx: Executor): Promise<Contribution> {
    const s = await settings.allIn(tx);
    const weight = s['bonus.weights'][fact.product] ?? 100;
    const resolver = resolvers.get(fact.product);
    const said = resolver ? await resolver.each(fact, tx, s) : {};
    return { counts: said.counts ?? true, weight: Math.min(weight, said.weight ?? 100), convert: true };
  }

  const handlers = {
    ...wageringHandlers,
    'ledger.stakeSettled': async (payload: SettledFact, tx: Executor) =>
      onStakeSettled(payload, tx, await contributionOf(payload, tx)),
  };

  /**
   * The relay's set-based path of `ledger.stakeSettled`: a product with a resolver is asked at once which of
   * its stakes do not count (those then go fact by fact), or, without a set-based answer, judged fact by fact.
   */
  async function stakesSettled(facts: SettledFact[], tx: Executor) {
    const judged = new Map<string, SettledFact[]>();
    for (const f of facts) {
      if (!resolvers.has(f.product)) continue;
      const own = judged.get(f.product);
      if (own) own.push(f);
      else judged.set(f.product, [f]);
    }
    const uncounted = new Set<number>();
    for (const [product, own] of judged) {
      const { uncounted: many } = resolvers.get(product)!;
      const ids = many ? await many(own, tx) : own.map((f) => Number(f.txId));
      ids.forEach((id) => uncounted.add(id));
    }
    return onStakesSettled(facts, tx, (f) => !uncounted.has(Number(f.txId)));
  }

  return {
    async recordCredit(tx: Executor, fact: CreditFact, multipliers?: Multipliers) {
      await recordCredit(tx, fact, multipliers ?? (await settings.all()));
    },
    /**
     * Registers how a product's settled stakes count (one resolver per product; the last one wins), with its
     * set-based half for the relay if it has one.
     */
    contribution(product: string, resolver: ContributionResolver, uncounted?: UncountedResolver) {
      resolvers.set(product, { each: resolver, uncounted });
    },
    totals,
    totalsOfPlayers,
    requirements,
    activeBonuses,
    forfeitGrant,
    expiredGrants,
    handlers,
    stakesSettled,
  };
}

export type WageringService = ReturnType<typeof createWageringService>;
