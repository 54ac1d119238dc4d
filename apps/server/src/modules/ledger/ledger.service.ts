import { ErrorCode, TxType } from '@aposta/contracts';
import { assertMinor, DEFAULT_CURRENCY, type Currency, type Minor } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import { pgCode, pgConstraint, type Executor } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import {
  assertSystemKind,
  playerAccountId,
  PRODUCTS,
  systemAccountId,
  type Book,
  type HoldProduct,
  type PlayerKind,
  type SystemKind,
} from './ledger.accounts';
import { runHot, runHotMany, type HotAnswer, type HotOp } from './ledger.batch';
import {
  idempotencyConflict,
  insufficientBalance,
  balanceCeiling,
  parseCurrency,
  positiveMinor,
  requestHash,
} from './ledger.money';

/**
 * The ledger's operations. Each one is a single SQL statement (data-modifying CTEs), so it is atomic on its
 * own and costs one round trip: pass `database.db` to run it alone, or a `tx` to make it part of a larger
 * transaction. Player balances are guarded by CHECK constraints, so an overdraft fails in the database
 * whatever the interleaving; hot system accounts are only appended to (see ledger_deltas).
 */

export interface Tagged {
  /** Unique per ledger; a repeat with the same request answers the first result, another request gets 409. */
  idempotencyKey?: string;
  ref?: string;
  memo?: Record<string, string | number>;
}

export interface Posted {
  txId: number;
  /** True when this answer comes from an earlier call with the same idempotency key. */
  replayed: boolean;
}

export interface PlayerPosting {
  userId: number;
  kind?: PlayerKind;
  /** Signed: positive credits the player. */
  amount: Minor;
}

export interface SystemPosting {
  kind: SystemKind;
  /** Signed. */
  amount: Minor;
}

export interface PostInput extends Tagged {
  type: TxType;
  currency?: Currency;
  players?: PlayerPosting[];
  system?: SystemPosting[];
  /** Required book of every player involved; by default theirs (real for new players and system-only). */
  book?: Book;
  /** The player the transaction is about; defaults to the first player. */
  userId?: number;
  counterUserId?: number;
}

export interface HoldInput extends Tagged {
  type: typeof TxType.BET | typeof TxType.WITHDRAWAL;
  userId: number;
  amount: Minor;
  currency?: Currency;
  /** A product for a stake (BET); `withdrawal` for a withdrawal. */
  product: HoldProduct;
  /** The bet, round or order id (also the transaction's `ref` unless one is given). */
  reference: string;
}

export interface SettleInput extends Tagged {
  holdId: number;
  /** The part of the hold taken: all of it, or less (the rest is released to the player). */
  capture: Minor;
  /** Where the captured money goes; the amounts sum to `capture`. */
  to: { kind: SystemKind; amount: Minor }[];
  /**
   * Winnings paid to the player from a system account. The share won with bonus money (payout x bonus part
   * of the capture / capture, rounded up) goes to the bonus account, the rest to cash.
   */
  payout?: { from: SystemKind; amount: Minor };
}

/** A new settlement for a settled stake: the one in effect is reversed and this one posted, at once. */
export type ResettleInput = SettleInput;

const invalid = () => new AppError(ErrorCode.UNPROCESSABLE, 'ledgerInvalid');

async function rows<T>(exec: Executor, query: SQL): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

function id(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) throw notFound('transactionNotFound');
  return value;
}

function idempotencyOf(operation: string, input: Tagged, body: unknown) {
  if (input.idempotencyKey === undefined) return { key: null, hash: null };
  if (!/^[\w.:@/-]{1,200}$/.test(input.idempotencyKey)) throw invalid();
  return { key: input.idempotencyKey, hash: requestHash(operation, body) };
}

const memoOf = (memo: Tagged['memo']) => (memo ? JSON.stringify(memo) : null);

/** The statement answered nothing: a replay, a reused key, or `otherwise()` explains why. */
async function explain(
  exec: Executor,
  key: string | null,
  hash: string | null,
  otherwise: () => Promise<never>,
): Promise<Posted> {
  if (key) {
    const [row] = await rows<{ id: string; request_hash: string }>(
      exec,
      sql`select id, request_hash from ledger_transactions where idempotency_key = ${key}`,
    );
    if (row) {
      if (row.request_hash !== hash) throw idempotencyConflict();
      return { txId: Number(row.id), replayed: true };
    }
  }
  return otherwise();
}

/** Constraint failures of the database, as the domain errors they are. */
async function guard<T>(exec: Executor, key: string | null, hash: string | null, run: () => Promise<T>) {
  try {
    return await run();
  } catch (err) {
    const code = pgCode(err);
    const constraint = pgConstraint(err) ?? '';
    if (code === '23514' && constraint === 'ledger_accounts_player_funds') throw insufficientBalance();
    if (code === '23514' && constraint === 'ledger_accounts_player_ceiling') throw balanceCeiling();
    if (code === '23502' && notNullColumn(err) === 'balance')
      throw new AppError(ErrorCode.CONFLICT, 'bookMismatch');
    if (code === '23505' && constraint === 'ledger_transactions_hold') {
      // Another call closed the hold first; if it was this very request (same key), answer it.
      const replay = key ? await explain(exec, key, hash, () => Promise.reject(err)).catch(() => null) : null;
      if (replay) return replay as T;
      throw new AppError(ErrorCode.CONFLICT, 'holdNotOpen');
    }
    if (code === '23505' && constraint === 'ledger_transactions_reverses')
      throw new AppError(ErrorCode.CONFLICT, 'alreadyReversed');
    throw err;
  }
}

/** The column of a NOT NULL violation, also when Drizzle wraps the driver error. */
function notNullColumn(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const column = (e as { column?: unknown }).column;
    if (typeof column === 'string') return column;
  }
  return undefined;
}

function valuesList(tuples: SQL[]): SQL {
  return sql.join(tuples, sql`, `);
}

/**
 * Posts one balanced transaction: player postings update their account rows (created on first credit),
 * system postings are appended. Amounts are signed and sum to zero.
 */
export async function post(exec: Executor, input: PostInput): Promise<Posted> {
  const currency = parseCurrency(input.currency ?? DEFAULT_CURRENCY);
  const merged = new Map<string, Required<PlayerPosting>>();
  for (const p of input.players ?? []) {
    const kind = p.kind ?? 'cash';
    const id = playerAccountId(p.userId, kind, currency);
    const m = merged.get(id) ?? { userId: p.userId, kind, amount: 0 };
    m.amount += assertMinor(p.amount);
    merged.set(id, m);
  }
  const system = new Map<SystemKind, number>();
  for (const s of input.system ?? [])
    system.set(assertSystemKind(s.kind), (system.get(s.kind) ?? 0) + assertMinor(s.amount));
  const players = [...merged].filter(([, p]) => p.amount !== 0);
  const systems = [...system].filter(([, a]) => a !== 0);
  const total = players.reduce((s, [, p]) => s + p.amount, 0) + systems.reduce((s, [, a]) => s + a, 0);
  if (total !== 0 || players.length + systems.length < 2) throw invalid();

  const found = await booksOf(
    exec,
    players.map(([id]) => id),
  );
  if (players.some(([id, p]) => p.amount < 0 && !found.has(id))) throw insufficientBalance();
  const book = agreedBook(found, input.book);
  const userId = input.userId ?? players[0]?.[1].userId ?? null;
  const { key, hash } = idempotencyOf('post', input, { ...input, currency, book });

  const x = valuesList([
    ...players.map(
      ([id, p]) => sql`(${id}::text, ${p.amount}::bigint, ${p.userId}::bigint, ${p.kind}::text)`,
    ),
    ...systems.map(
      ([kind, amount]) =>
        sql`(${systemAccountId(book, kind, currency)}::text, ${amount}::bigint, null::bigint, ${kind}::text)`,
    ),
  ]);
  return guard(exec, key, hash, async () => {
    const [row] = await rows<{ id: string }>(
      exec,
      sql`
      with t as (
        insert into ledger_transactions (type, book, user_id, counter_user_id, idempotency_key, request_hash, ref, memo)
        values (${input.type}::int, ${book}, ${userId}::bigint, ${input.counterUserId ?? null}::bigint, ${key}, ${hash}, ${input.ref ?? null}, ${memoOf(input.memo)}::jsonb)
        on conflict (idempotency_key) where idempotency_key is not null do nothing
        returning id
      ),
      x (account_id, amount, user_id, kind) as (values ${x}),
      p as (
        insert into ledger_postings (tx_id, account_id, currency, amount)
        select t.id, x.account_id, ${currency}, x.amount from t, x
      ),
      d as (
        insert into ledger_deltas (account_id, amount)
        select x.account_id, x.amount from t, x where x.user_id is null
      ),
      a as (
        insert into ledger_accounts as acc (id, book, user_id, kind, currency, balance)
        select x.account_id, ${book}, x.user_id, x.kind, ${currency}, x.amount
        from t, x where x.user_id is not null and x.amount > 0
        on conflict (id) do update set
          -- NULL when the books differ: the NOT NULL constraint then refuses the whole statement.
          balance = case when acc.book = excluded.book then acc.balance + excluded.balance end
      ),
      -- Debits update existing rows only (checked above): CHECK would refuse a negative proposed row
      -- before ON CONFLICT turned it into an update.
      b as (
        update ledger_accounts set balance = balance + x.amount
        from t, x where ledger_accounts.id = x.account_id and x.user_id is not null and x.amount < 0
      )
      select id from t`,
    );
    if (row) return { txId: Number(row.id), replayed: false };
    return explain(exec, key, hash, () => Promise.reject(invalid()));
  });
}

/** The books of those of the given player accounts that exist. */
async function booksOf(exec: Executor, accountIds: string[]): Promise<Map<string, Book>> {
  const found = accountIds.length
    ? await rows<{ id: string; book: Book }>(
        exec,
        sql`select id, book from ledger_accounts where id in (${sql.join(
          accountIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : [];
  return new Map(found.map((r) => [r.id, r.book]));
}

/** The one book the accounts and `required` agree on (real when there is nothing to go by). */
function agreedBook(found: Map<string, Book>, required: Book | undefined): Book {
  const books = new Set(found.values());
  if (required) books.add(required);
  if (books.size > 1) throw new AppError(ErrorCode.CONFLICT, 'bookMismatch');
  return [...books][0] ?? 'real';
}

const isProduct = (p: string): boolean => (PRODUCTS as readonly string[]).includes(p);

/**
 * Reserves `amount` of a player (a stake, a withdrawal). A stake draws the player's cash first, then bonus
 * money (one hold may span both accounts); a withdrawal draws cash only. Answers the hold's id as `txId`.
 */
export async function hold(exec: Executor, input: HoldInput): Promise<Posted> {
  const stake = input.type === TxType.BET;
  if (!stake && input.type !== TxType.WITHDRAWAL) throw invalid();
  if (stake ? !isProduct(input.product) : input.product !== 'withdrawal') throw invalid();
  if (typeof input.reference !== 'string' || !/^\S.{0,199}$/.test(input.reference)) throw invalid();
  const amount = positiveMinor(input.amount);
  const currency = parseCurrency(input.currency ?? DEFAULT_CURRENCY);
  playerAccountId(input.userId, 'cash', currency);
  const { key, hash } = idempotencyOf('hold', input, { ...input, currency });
  return hot(
    exec,
    {
      op: 'hold',
      type: input.type,
      user: input.userId,
      currency,
      amount,
      product: input.product,
      reference: input.reference,
      key,
      hash,
      ref: input.ref ?? null,
      memo: input.memo ?? null,
    },
    () => Promise.reject(insufficientBalance()),
  );
}

/** Runs a hot-path operation; a refusal by the database becomes the domain error it means. */
async function hot(exec: Executor, op: HotOp, otherwise: () => Promise<never>): Promise<Posted> {
  return guard(exec, op.key, op.hash, async () => answerOf(exec, op, await runHot(exec, op), otherwise));
}

/** What the database answered an operation, as `Posted` or the error it raised (mapped by `guard`). */
async function answerOf(
  exec: Executor,
  op: HotOp,
  answer: HotAnswer,
  otherwise: () => Promise<never>,
): Promise<Posted> {
  if ('error' in answer)
    throw Object.assign(new Error(`ledger ${op.op} failed: ${answer.error}`), {
      code: answer.error,
      constraint: answer.constraint,
      column: answer.column,
    });
  if (answer.id !== null) return { txId: answer.id, replayed: false };
  return explain(exec, op.key, op.hash, otherwise);
}

/** Why a hold could not be closed (or, `resettling`, a settled stake resettled). */
async function holdProblem(exec: Executor, holdId: number, capture = 0, resettling = false): Promise<never> {
  const [h] = await rows<{ state: string; amount: string; type: number }>(
    exec,
    sql`select state, amount, type from ledger_holds where tx_id = ${holdId}`,
  );
  if (!h) throw notFound('holdNotFound');
  if (resettling && Number(h.type) !== TxType.BET) throw invalid();
  if (h.state !== (resettling ? 'posted' : 'held')) throw new AppError(ErrorCode.CONFLICT, 'holdNotOpen');
  if (Number(h.amount) < capture) throw new AppError(ErrorCode.BAD_REQUEST, 'holdAmountExceeded');
  throw invalid();
}

/** A settlement's checked arguments, as the SQL functions take them. */
function settlement(operation: 'settle' | 'resettle', input: SettleInput) {
  id(input.holdId);
  const capture = assertMinor(input.capture);
  if (capture < 0) throw invalid();
  const payout = input.payout ? positiveMinor(input.payout.amount) : 0;
  const system = new Map<SystemKind, number>();
  for (const t of input.to)
    system.set(assertSystemKind(t.kind), (system.get(t.kind) ?? 0) + positiveMinor(t.amount));
  if ([...system.values()].reduce((s, a) => s + a, 0) !== capture) throw invalid();
  if (input.payout) {
    const from = assertSystemKind(input.payout.from);
    system.set(from, (system.get(from) ?? 0) - payout);
  }
  const systems = [...system].filter(([, a]) => a !== 0);
  const { key, hash } = idempotencyOf(operation, input, input);
  return {
    op: operation,
    hold: input.holdId,
    capture,
    payout,
    kinds: systems.map(([k]) => k),
    amounts: systems.map(([, a]) => a),
    key,
    hash,
    ref: input.ref ?? null,
    memo: input.memo ?? null,
  } as const;
}

/**
 * Posts a hold, in full or in part: `capture` leaves the player for `to` (cash first, then bonus, as the
 * stake was drawn), the rest of the hold is released to where it came from, and `payout` (winnings) is
 * credited, its bonus share to the bonus account. Writes the `ledger.stakeSettled` (or
 * `ledger.withdrawalPaid`) outbox fact in the same statement.
 */
export async function settle(exec: Executor, input: SettleInput): Promise<Posted> {
  const op = settlement('settle', input);
  return hot(exec, op, () => holdProblem(exec, input.holdId, op.capture));
}

/**
 * Replaces the settlement in effect of a settled stake (a corrected sports result, a provider correction):
 * the current settlement is reversed exactly and the new one posted, in one statement, any number of times;
 * exactly one settlement is in effect at any moment. The player's balances move by the difference. When a
 * lower win would take back money the player no longer has, it is refused (422 insufficientBalance) and
 * nothing changes: balances never go below zero; the operator settles the difference another way.
 */
export async function resettle(exec: Executor, input: ResettleInput): Promise<Posted> {
  const op = settlement('resettle', input);
  return hot(exec, op, () => holdProblem(exec, input.holdId, op.capture, true));
}

/**
 * Settlements and resettlements of distinct holds inside the caller's transaction, in one statement (a
 * settlement job's page of bets): each answered as `settle` or `resettle` alone would answer it, and the
 * first refusal thrown as they would throw it (the caller's transaction is then to be rolled back).
 */
export async function settleMany(
  tx: Executor,
  items: { input: SettleInput; resettle?: boolean }[],
): Promise<Posted[]> {
  const ops = items.map(({ input, resettle: again }) => settlement(again ? 'resettle' : 'settle', input));
  const answers = await runHotMany(tx, ops);
  const posted: Posted[] = [];
  for (const [i, op] of ops.entries()) {
    const { input, resettle: again } = items[i]!;
    posted.push(
      await guard(tx, op.key, op.hash, () =>
        answerOf(tx, op, answers[i]!, () => holdProblem(tx, input.holdId, op.capture, again)),
      ),
    );
  }
  return posted;
}

/** Releases a whole hold back to where each part came from (a cancelled bet, a refused withdrawal). */
export async function voidHold(exec: Executor, input: Tagged & { holdId: number }): Promise<Posted> {
  id(input.holdId);
  const { key, hash } = idempotencyOf('void', input, input);
  return guard(exec, key, hash, async () => {
    const [row] = await rows<{ id: string | null }>(
      exec,
      sql`select ledger_void(${input.holdId}::bigint, ${key}::text, ${hash}::text, ${input.ref ?? null}::text,
        ${memoOf(input.memo)}::jsonb) as id`,
    );
    if (row?.id != null) return { txId: Number(row.id), replayed: false };
    return explain(exec, key, hash, () => holdProblem(exec, input.holdId));
  });
}

/**
 * What a stake's closing gave back to the player: the hold's amount less `captured` (0 for a void), with when the
 * bet was first held (a partial cash-out closes a hold and holds the rest again: the first hold of the same
 * reference) — for modules that count stakes. Null when nothing came back, or when the bet went on in a later hold
 * (the released part was staked again). One primary-key read when nothing came back (almost every settlement).
 */
export async function stakeReturned(
  exec: Executor,
  holdId: number,
  captured: number,
): Promise<{ amount: number; heldAt: Date } | null> {
  return (await stakesReturned(exec, [{ holdId, captured }]))[0]!;
}

/** `stakeReturned` of many stakes in one statement: the answers in the order of `stakes`. */
export async function stakesReturned(
  exec: Executor,
  stakes: { holdId: number; captured: number }[],
): Promise<({ amount: number; heldAt: Date } | null)[]> {
  const found = await rows<{ n: number; back: string; held_at: string | Date | null; continued: boolean }>(
    exec,
    sql`select s.n, h.amount - s.captured as back,
          case when h.amount > s.captured then (select min(t.created_at) from ledger_holds f
            join ledger_transactions t on t.id = f.tx_id
            where f.user_id = h.user_id and f.product = h.product and f.reference = h.reference) end as held_at,
          h.amount > s.captured and exists (select 1 from ledger_holds n where n.user_id = h.user_id
            and n.tx_id > h.tx_id and n.product = h.product and n.reference = h.reference) as continued
        from jsonb_to_recordset(${JSON.stringify(stakes.map((x, n) => ({ n, ...x })))}::jsonb)
          as s (n int, "holdId" bigint, captured bigint)
        join ledger_holds h on h.tx_id = s."holdId" and h.type = ${TxType.BET}`,
  );
  const answers: ({ amount: number; heldAt: Date } | null)[] = stakes.map(() => null);
  for (const row of found)
    if (Number(row.back) > 0 && !row.continued && row.held_at)
      answers[Number(row.n)] = { amount: Number(row.back), heldAt: new Date(row.held_at) };
  return answers;
}

/**
 * What an earlier settlement of a stake paid, for modules that recount a resettlement (its fact names the
 * settlement it replaces, `supersedes`): the payout (the player's postings of that settlement are payout − capture,
 * cash and bonus, so `captured` — that settlement's capture — is added back) and when the bet was first held
 * (as `stakeReturned`).
 */
export async function settlementFigures(
  exec: Executor,
  settlementId: number,
  captured: number,
): Promise<{ payout: number; heldAt: Date }> {
  const [row] = await rows<{ net: string | null; held_at: string | Date }>(
    exec,
    sql`select (select sum(p.amount) from ledger_postings p
              where p.tx_id = s.id and p.account_id like 'u' || s.user_id || ':%') as net,
          (select min(t.created_at) from ledger_holds f join ledger_transactions t on t.id = f.tx_id
            where f.user_id = h.user_id and f.product = h.product and f.reference = h.reference) as held_at
        from ledger_transactions s join ledger_holds h on h.tx_id = s.hold_id
        where s.id = ${settlementId}::bigint`,
  );
  if (!row) throw new Error(`ledger: settlement ${settlementId} not found`);
  return { payout: Number(row.net ?? 0) + captured, heldAt: new Date(row.held_at) };
}

/**
 * Posts the exact opposite of a transaction (once). Fails if a player has since spent the money. Writes the
 * `ledger.reversed` outbox fact, so the wagering module takes back what the original credit counted. A
 * hold's opening or closing is refused as invalid: a settlement is corrected by `resettle`.
 */
export async function reverse(exec: Executor, input: Tagged & { txId: number }): Promise<Posted> {
  id(input.txId);
  const { key, hash } = idempotencyOf('reverse', input, input);
  return guard(exec, key, hash, async () => {
    const [row] = await rows<{ id: string }>(
      exec,
      sql`
      with o as (
        select id, book, user_id, counter_user_id, reverses_id from ledger_transactions src
        where id = ${input.txId}::bigint and hold_id is null and type <> ${TxType.SETTLEMENT_REVERSED}::int
          and exists (select 1 from ledger_postings where tx_id = src.id)
      ),
      t as (
        insert into ledger_transactions
          (type, book, user_id, counter_user_id, reverses_id, idempotency_key, request_hash, ref, memo)
        select ${TxType.REVERSAL}::int, o.book, o.user_id, o.counter_user_id, o.id, ${key}, ${hash},
          ${input.ref ?? null}, ${memoOf(input.memo)}::jsonb
        from o
        on conflict (idempotency_key) where idempotency_key is not null do nothing
        returning id
      ),
      x as (select account_id, currency, -amount as amount from ledger_postings where tx_id = ${input.txId}::bigint),
      p as (
        insert into ledger_postings (tx_id, account_id, currency, amount)
        select t.id, x.account_id, x.currency, x.amount from t, x
      ),
      e as (
        insert into outbox_events (topic, payload)
        select 'ledger.reversed', jsonb_build_object('txId', o.id, 'reversalId', t.id, 'userId', o.user_id,
          'reverses', o.reverses_id)
        from o, t
      ),
      d as (
        insert into ledger_deltas (account_id, amount)
        select x.account_id, x.amount from t, x where x.account_id not like 'u%'
      ),
      a as (
        update ledger_accounts set balance = balance + x.amount
        from t, x
        where ledger_accounts.id = x.account_id and x.account_id like 'u%'
      )
      select id from t`,
    );
    if (row) return { txId: Number(row.id), replayed: false };
    return explain(exec, key, hash, async () => {
      const [o] = await rows(exec, sql`select 1 from ledger_transactions where id = ${input.txId}::bigint`);
      throw o ? invalid() : notFound('transactionNotFound');
    });
  });
}

/**
 * Creates a player's cash and bonus accounts in a book (test accounts: 'play') before any movement.
 * Refuses when the player already has accounts in the other book.
 */
export async function openPlayerAccounts(
  exec: Executor,
  userId: number,
  book: Book,
  currency: Currency = DEFAULT_CURRENCY,
): Promise<void> {
  const ids = (['cash', 'bonus'] as const).map((kind) => [playerAccountId(userId, kind, currency), kind]);
  await exec.execute(sql`
    insert into ledger_accounts (id, book, user_id, kind, currency)
    values ${valuesList(ids.map(([id, kind]) => sql`(${id}, ${book}, ${userId}, ${kind}, ${currency})`))}
    on conflict (id) do nothing`);
  agreedBook(
    await booksOf(
      exec,
      ids.map(([id]) => id!),
    ),
    book,
  );
}

export interface PlayerAccount {
  id: string;
  book: Book;
  kind: PlayerKind;
  currency: Currency;
  balance: Minor;
  held: Minor;
  /** balance - held: what the player can spend. */
  available: Minor;
}

/** A player's accounts (absent ones are simply missing: a new player has nothing). */
export async function playerAccounts(exec: Executor, userId: number): Promise<PlayerAccount[]> {
  const list = await rows<Record<string, string>>(
    exec,
    sql`select id, book, kind, currency, balance, held from ledger_accounts where user_id = ${userId} order by id`,
  );
  return list.map((r) => ({
    id: r.id!,
    book: r.book as Book,
    kind: r.kind as PlayerKind,
    currency: r.currency as Currency,
    balance: Number(r.balance),
    held: Number(r.held),
    available: Number(r.balance) - Number(r.held),
  }));
}

/**
 * The player's spendable cash and bonus in one currency and the book of their cash, as a one-row SQL
 * subquery (`cash_available`, `bonus_available`, `cash_book`), for a caller that reads its figures from
 * several modules in one query. The SQL function `ledger_balances` (migration 0019) keeps its plan per
 * connection: planning this one-row read took longer than running it.
 */
export function balancesQuery(userId: number | SQL, currency: Currency = DEFAULT_CURRENCY): SQL {
  return sql`select cash_available, bonus_available, cash_book
    from ledger_balances(${userId}::bigint, ${currency}::text)`;
}

/** Locks a player's account row until the end of `tx` (serialises checks such as daily limits). */
export async function lockPlayerAccount(tx: Executor, userId: number, kind: PlayerKind, currency: Currency) {
  await tx.execute(
    sql`select 1 from ledger_accounts where id = ${playerAccountId(userId, kind, currency)} for update`,
  );
}

/** A system account's balance, including postings not yet rolled up. */
export async function systemBalance(
  exec: Executor,
  book: Book,
  kind: SystemKind,
  currency: Currency = DEFAULT_CURRENCY,
): Promise<Minor> {
  const id = systemAccountId(book, kind, currency);
  const [row] = await rows<{ total: string }>(
    exec,
    sql`select coalesce((select balance from ledger_accounts where id = ${id}), 0)
             + coalesce((select sum(amount) from ledger_deltas where account_id = ${id}), 0) as total`,
  );
  return Number(row!.total);
}

/**
 * Moves the appended system postings into the system balances, in one statement: a delta committed while
 * this runs is simply left for the next roll-up, and two roll-ups never take the same row.
 */
export async function rollUp(exec: Executor): Promise<number> {
  const [row] = await rows<{ moved: string }>(
    exec,
    sql`
    with moved as (delete from ledger_deltas returning account_id, amount),
    s as (select account_id, sum(amount) as amount, count(*) as n from moved group by account_id),
    u as (
      insert into ledger_accounts as acc (id, book, kind, currency, balance)
      select account_id, split_part(account_id, ':', 1), split_part(account_id, ':', 2),
        split_part(account_id, ':', 3), amount
      from s
      on conflict (id) do update set balance = acc.balance + excluded.balance
    )
    select coalesce(sum(n), 0) as moved from s`,
  );
  return Number(row!.moved);
}

export interface Entry {
  id: number;
  type: TxType;
  /** Signed, from the player's side. */
  amount: Minor;
  currency: Currency;
  /** 'held' | 'posted' | 'voided' for holds; 'posted' otherwise. */
  state: 'held' | 'posted' | 'voided';
  time: Date;
  ref: string | null;
  memo: Record<string, string | number> | null;
  /** The hold a stake or its winnings belong to: its product and that product's reference; null otherwise. */
  hold: { product: string; reference: string } | null;
  /**
   * A settlement's line that is stake coming back and nothing won (a void, a push, the other half of a
   * half-lost bet); a superseded one's read from its reversal's memo (`won`, since migration 0072).
   */
  refund: boolean;
}

export interface EntryQuery {
  userId: number;
  types: readonly number[];
  state?: Entry['state'];
  from?: Date;
  to?: Date;
  /** Only entries with a smaller id. */
  before?: number;
  limit: number;
}

/**
 * A player's movements, newest first: holds (stakes, withdrawals) with their state, what each settlement of a
 * settled stake gave back (its payout and the part of the stake it released: a half-won sports bet returns
 * half its stake beside its winnings), and every other transaction with the player's net amount. A hold whose
 * memo says `carried` carries on a stake already listed (a sports bet's rest after a partial cash-out) and is
 * not listed again, so that cash-out's line is its payout alone, and the stake's line stays pending while that
 * rest runs. A resettled stake keeps the line of every
 * settlement that gave something back, at its time (a superseded one's read from its reversal's memo), and its
 * reversal (`SETTLEMENT_REVERSED`) takes that back, so the lines add up to what the balance moved. Reversals
 * written before that memo (migration 0071) list nothing.
 */
export async function listEntries(exec: Executor, q: EntryQuery): Promise<Entry[]> {
  if (!q.types.length) return [];
  const where = sql.join(
    [
      sql`t.type in (${sql.join(
        q.types.map((t) => sql`${t}::int`),
        sql`, `,
      )})`,
      q.before !== undefined ? sql`t.id < ${q.before}` : sql`true`,
      q.from ? sql`t.created_at >= ${q.from.toISOString()}::timestamptz` : sql`true`,
      q.to ? sql`t.created_at <= ${q.to.toISOString()}::timestamptz` : sql`true`,
    ],
    sql` and `,
  );
  const list = await rows<Record<string, unknown>>(
    exec,
    sql`
    select * from (
      select t.id, t.type, -h.amount as amount, h.currency,
        -- A stake partly cashed out runs on in its carried hold: pending until that one is closed.
        case when h.state = 'posted' and c.memo ? 'cashout' and exists (
          select 1 from ledger_holds r join ledger_transactions rt on rt.id = r.tx_id
          where r.user_id = h.user_id and r.tx_id > h.tx_id and r.state = 'held'
            and r.product = h.product and r.reference = h.reference and rt.memo ? 'carried'
        ) then 'held' else h.state end as state,
        t.created_at, t.ref, t.memo, h.product, h.reference, false as refund
      from ledger_holds h join ledger_transactions t on t.id = h.tx_id
      left join ledger_transactions c on c.id = h.closed_by
      where h.user_id = ${q.userId} and ${where} and (t.memo is null or t.memo->>'carried' is null)
      union all
      select * from (
        select t.id, t.type, h.paid + case when t.memo ? 'cashout' then 0 else h.amount - h.posted end as amount,
          h.currency, 'posted', t.created_at, t.ref, t.memo, h.product, h.reference,
          h.paid = 0 as refund
        from ledger_holds h join ledger_transactions t on t.id = h.closed_by
        where h.user_id = ${q.userId} and t.type = ${TxType.BET_SETTLED}::int and ${where}
      ) s where s.amount > 0
      union all
      select t.id, t.type, t.amount, h.currency, 'posted', t.created_at, t.ref, t.memo, h.product, h.reference,
        t.refund
      from ledger_transactions r
      join ledger_transactions s on s.id = r.reverses_id
      join ledger_holds h on h.tx_id = s.hold_id
      -- Two lines per reversal: the settlement it undid, at its time, and the reversal taking that back.
      cross join lateral (values
        (s.id, s.type, (r.memo->>'returned')::bigint, s.created_at, s.ref, s.memo,
          coalesce((r.memo->>'won')::bigint = 0, false)),
        (r.id, r.type, -(r.memo->>'returned')::bigint, r.created_at, r.ref, r.memo, false)
      ) t (id, type, amount, created_at, ref, memo, refund)
      where r.user_id = ${q.userId} and r.type = ${TxType.SETTLEMENT_REVERSED}::int
        and (r.memo->>'returned')::bigint > 0 and ${where}
      union all
      select t.id, t.type, sum(p.amount), min(p.currency), 'posted', t.created_at, t.ref, t.memo, null, null,
        false
      from ledger_accounts a
      join ledger_postings p on p.account_id = a.id
      join ledger_transactions t on t.id = p.tx_id
      where a.user_id = ${q.userId} and t.hold_id is null and ${where}
        and t.type not in (${TxType.BET_SETTLED}::int, ${TxType.SETTLEMENT_REVERSED}::int)
      group by t.id
    ) e
    where ${q.state ? sql`e.state = ${q.state}` : sql`true`}
    order by e.id desc
    limit ${q.limit}`,
  );
  return list.map((r) => ({
    id: Number(r.id),
    type: Number(r.type) as TxType,
    amount: Number(r.amount),
    currency: r.currency as Currency,
    state: r.state as Entry['state'],
    time: new Date(r.created_at as string),
    ref: (r.ref as string | null) ?? null,
    memo: typeof r.memo === 'string' ? JSON.parse(r.memo) : ((r.memo as Entry['memo']) ?? null),
    hold: r.product == null ? null : { product: r.product as string, reference: r.reference as string },
    refund: r.refund === true,
  }));
}

/** Whether an idempotency key has been used. */
export async function keyUsed(exec: Executor, key: string): Promise<boolean> {
  return (await rows(exec, sql`select 1 from ledger_transactions where idempotency_key = ${key}`)).length > 0;
}

/** What a player sent out in transactions of these types since `since` (a positive amount). */
export async function sentSince(
  exec: Executor,
  userId: number,
  type: TxType,
  since: Date,
  currency: Currency = DEFAULT_CURRENCY,
): Promise<Minor> {
  const [row] = await rows<{ total: string }>(
    exec,
    sql`select coalesce(-sum(p.amount), 0) as total
        from ledger_transactions t join ledger_postings p on p.tx_id = t.id
        where t.user_id = ${userId} and t.type = ${type} and t.created_at >= ${since.toISOString()}::timestamptz
          and p.account_id = ${playerAccountId(userId, 'cash', currency)} and p.amount < 0`,
  );
  return Number(row!.total);
}
