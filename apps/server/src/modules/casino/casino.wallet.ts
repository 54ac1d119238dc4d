import type { RgService } from '../rg';
import crypto from 'node:crypto';
import {
  ErrorCode,
  TxType,
  walletBetRequest,
  walletRollbackRequest,
  walletUserRequest,
  walletWinRequest,
  type WalletAnswer,
  type WalletCall,
  type WalletStatus,
} from '@aposta/contracts';
import { isCurrency, type Currency } from '@aposta/money';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Tx } from '../../platform/db';
import { createBatcher } from '../../platform/batch';
import { AppError } from '../../platform/errors';
import { hasNul } from '../../platform/http';
import type { Accounts } from '../accounts';
import { balancesQuery, hold, post, providerClearing, settle, voidHold } from '../ledger';
import type { CasinoCatalogue, ProviderKey } from './casino.catalogue';

/**
 * The seamless wallet (casino.md): what a game provider calls for every spin. A signed call always answers
 * HTTP 200 with a status name; money moves through ledger holds with product `casino`, one hold per bet,
 * settled into the provider's clearing account (`provider_clearing.<code>`) by its win or voided by its
 * rollback. Idempotency lives in `casino_transactions`, unique per provider and `transaction_uuid`: the row is
 * written in the same database transaction as the money, so a repeat (or ten at once) finds it and answers
 * the first answer, and a rollback of a bet not yet seen leaves the bet's row behind as a tombstone. A new bet
 * and the first win of an open bet are first tried group-committed with other calls (`casino_batch`, the common
 * case only); whatever that leaves (`slow`) is judged here by the full rules in a transaction of its own.
 * A win or rollback that would take the player's account past the largest balance the ledger holds (MAX_MINOR)
 * answers RS_ERROR_LIMIT_REACHED and moves nothing.
 */

export interface WalletDeps {
  database: Database;
  /** The sign-in behind a game session, and whether the player may sign in at all (else disabled). */
  accounts: Pick<Accounts, 'sessionLive' | 'signInRefusal'>;
  catalogue: CasinoCatalogue;
  sessionTtlMs: number;
  /**
   * Responsible gambling's check of every stake, in its answering form (a limit is RS_ERROR_LIMIT_REACHED, an
   * exclusion RS_ERROR_USER_DISABLED).
   */
  rg: Pick<RgService, 'stakeRefusal' | 'recordPaid'>;
  /** Told after the commit of every call that moved a player's money (the realtime gateway shows it). */
  moved?: (userId: number, stake: boolean) => void;
  /**
   * Told once of a bet refused by one of the player's limits: the provider only hears RS_ERROR_LIMIT_REACHED,
   * so the platform tells the player which limit (the realtime gateway, beside the game).
   */
  limitRefused?: (userId: number, refusal: AppError) => void;
}

export interface WalletReply {
  /**
   * Always 200, as Hub88 answers: the status name says what happened, a refused signature included (the
   * platform's 4xx answers are its `{status, message, data}` envelope, which a provider does not read).
   */
  http: 200;
  answer: WalletAnswer;
}

/** A refusal: rolls the database transaction back and answers `status`. */
class Refusal extends Error {
  constructor(
    readonly status: WalletStatus,
    readonly userId?: number,
    readonly currency?: string,
    /** A responsible-gambling limit's own refusal (which limit, in the player's words), for the player. */
    readonly limit?: AppError,
  ) {
    super(status);
  }
}

interface SessionRow {
  id: string;
  user_id: string | number;
  provider_code: string;
  game_code: string;
  currency: string;
  auth_session_id: string;
  expires_at: string | Date;
  opened_at: string | Date | null;
  ended_at: string | Date | null;
}

interface TxRow {
  id: string | number;
  kind: string;
  request_hash: string | null;
  user_id: string | number | null;
  game_code: string | null;
  round: string | null;
  currency: string | null;
  amount: string | number;
  hold_id: string | number | null;
  state: string;
  answer: Omit<WalletAnswer, 'request_uuid'> | string | null;
}

/** What `casino_batch` (migration 0033) answers per call: see `fast` below. */
type FastAnswer = { balance: number; user: string } | { slow: true } | { error: string; constraint?: string };

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

async function rows<T>(exec: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Checks the `X-Signature` header over the raw body: a constant-time comparison with the HMAC-SHA256 (hex), or
 * an RSA-SHA256 verification (base64) with the provider's public key.
 */
export function signatureValid(key: ProviderKey, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false;
  if (key.kind === 'rsa') {
    if (!/^[A-Za-z0-9+/=]{16,2048}$/.test(header)) return false;
    try {
      return crypto.verify('sha256', rawBody, key.publicKey, Buffer.from(header, 'base64'));
    } catch {
      // A key stored before only RSA keys were taken (an Ed25519 key throws): refused, not an HTTP 500.
      return false;
    }
  }
  if (!/^[0-9a-fA-F]{64}$/.test(header)) return false;
  const expected = crypto.createHmac('sha256', key.secret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

/** What a provider sends as `X-Signature` for a body. */
export const signWalletBody = (secret: string, rawBody: string | Buffer) =>
  crypto.createHmac('sha256', secret).update(rawBody).digest('hex');

const SCHEMAS = {
  'user/info': walletUserRequest,
  'user/balance': walletUserRequest,
  'transaction/bet': walletBetRequest,
  'transaction/win': walletWinRequest,
  'transaction/rollback': walletRollbackRequest,
} satisfies Record<WalletCall, z.ZodType>;

export function createWallet({
  database,
  accounts,
  catalogue,
  sessionTtlMs,
  rg,
  moved = () => {},
  limitRefused = () => {},
}: WalletDeps) {
  const { db } = database;
  // The common calls (a new bet, the first win of an open bet) of many rounds in one statement and one commit.
  const batch = createBatcher<Record<string, unknown>, FastAnswer>(
    database,
    (calls) => sql`select casino_batch(${JSON.stringify(calls)}::jsonb) as answers`,
  );

  async function balanceOf(exec: Executor, userId: number, currency: Currency): Promise<number> {
    const [b] = await rows<{ cash_available: string | null; bonus_available: string | null }>(
      exec,
      balancesQuery(userId, currency),
    );
    return Number(b?.cash_available ?? 0) + Number(b?.bonus_available ?? 0);
  }

  const answer = (
    status: WalletStatus,
    requestUuid: string,
    userId: number | undefined,
    currency: string,
    balance: number,
  ): WalletAnswer => ({
    status,
    balance,
    currency,
    request_uuid: requestUuid,
    user: userId ? String(userId) : '',
  });

  /** The game session of a token; with `uuid`, also the earlier call with that transaction_uuid (one query). */
  async function sessionOf(
    providerCode: string,
    token: string,
    uuid?: string,
  ): Promise<(SessionRow & { seen: TxRow | null }) | undefined> {
    const [s] = await rows<SessionRow & { seen: TxRow | null }>(
      db,
      sql`select s.id, s.user_id, s.provider_code, s.game_code, s.currency, s.auth_session_id, s.expires_at,
            s.opened_at, s.ended_at,
            ${
              uuid === undefined
                ? sql`null`
                : sql`(select to_jsonb(t) from casino_transactions t
                        where t.provider_code = ${providerCode} and t.transaction_uuid = ${uuid})`
            } as seen
          from casino_sessions s where s.token_hash = ${sha256(token)}`,
    );
    return s && s.provider_code === providerCode ? s : undefined;
  }

  /** Why a session may not stake (null when it may), ending it when its sign-in ended. */
  async function stakeProblem(s: SessionRow): Promise<WalletStatus | null> {
    // Disabling a game (or moving it) ends its sessions (`catalogue`), so only an ended session asks whether
    // its game still takes stakes: the provider then learns the game is gone, not just the token.
    if (s.ended_at)
      return (await catalogue.playable(s.provider_code, s.game_code))
        ? 'RS_ERROR_INVALID_TOKEN'
        : 'RS_ERROR_INVALID_GAME';
    if (new Date(s.expires_at).getTime() <= Date.now()) return 'RS_ERROR_TOKEN_EXPIRED';
    if (!(await accounts.sessionLive(s.auth_session_id))) {
      await db.execute(
        sql`update casino_sessions set ended_at = now() where id = ${s.id} and ended_at is null`,
      );
      return 'RS_ERROR_INVALID_TOKEN';
    }
    return null;
  }

  /**
   * Inserts the call's row; answers null when it is new, or the earlier row with the same uuid (the caller
   * replays or refuses it). Another call with the same uuid waits here until the first one commits.
   */
  async function claim(
    tx: Tx,
    providerCode: string,
    kind: 'bet' | 'win' | 'rollback',
    uuid: string,
    hash: string,
    fields: {
      userId: number | null;
      gameCode: string;
      round: string;
      currency: string;
      amount: number;
      ref?: string;
    },
  ): Promise<TxRow | null> {
    const inserted = await rows<{ id: string }>(
      tx,
      sql`insert into casino_transactions
            (provider_code, transaction_uuid, kind, request_hash, user_id, game_code, round, currency, amount,
             reference_uuid, state)
          values (${providerCode}, ${uuid}, ${kind}, ${hash}, ${fields.userId}, ${fields.gameCode}, ${fields.round},
            ${fields.currency}, ${fields.amount}, ${fields.ref ?? null}, ${kind === 'bet' ? 'open' : 'done'})
          on conflict (provider_code, transaction_uuid) do nothing
          returning id`,
    );
    if (inserted.length) return null;
    const [prior] = await rows<TxRow>(
      tx,
      sql`select * from casino_transactions where provider_code = ${providerCode} and transaction_uuid = ${uuid}`,
    );
    return prior!;
  }

  /** The first answer again, or a duplicate-transaction refusal when the uuid came with other data. */
  function replay(prior: TxRow, kind: string, hash: string, requestUuid: string): WalletAnswer {
    if (prior.kind !== kind || prior.request_hash !== hash || !prior.answer)
      throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION', prior.user_id ? Number(prior.user_id) : undefined);
    const first = typeof prior.answer === 'string' ? JSON.parse(prior.answer) : prior.answer;
    return { ...first, request_uuid: requestUuid };
  }

  /**
   * Ends a call that moved money, in one statement: reads the player's balance, stores the answer (answered
   * again to a repeat) with the balance before (`after − delta`) and after, sets the bet's new state and pushes
   * the game session's expiry. Answers the call's answer.
   */
  async function finish(
    tx: Tx,
    call: {
      providerCode: string;
      uuid: string;
      requestUuid: string;
      userId: number;
      currency: Currency;
      delta: number;
    },
    extra: {
      holdId?: number;
      betId?: string | number;
      betState?: string;
      session?: SessionRow;
      round?: string;
    } = {},
  ): Promise<WalletAnswer> {
    const { providerCode, uuid, userId, currency } = call;
    const [row] = await rows<{ balance: string }>(
      tx,
      sql`with b as (
            select coalesce(cash_available, 0) + coalesce(bonus_available, 0) as balance
            from (${balancesQuery(userId, currency)}) x
          ),
          t as (
            update casino_transactions set
              answer = jsonb_build_object('status', 'RS_OK', 'balance', b.balance, 'currency', ${currency}::text,
                'user', ${String(userId)}::text),
              balance_before = b.balance - ${call.delta}::bigint, balance_after = b.balance,
              hold_id = coalesce(${extra.holdId ?? null}::bigint, hold_id)
            from b where provider_code = ${providerCode} and transaction_uuid = ${uuid}
          ),
          k as (
            update casino_transactions set state = ${extra.betState ?? null}::text
            where id = ${extra.betId ?? null}::bigint and ${extra.betState ?? null}::text is not null
          ),
          s as (
            update casino_sessions set expires_at = ${new Date(Date.now() + sessionTtlMs)},
              opened_at = coalesce(opened_at, now()), last_round = coalesce(${extra.round ?? null}::text, last_round)
            where id = ${extra.session?.id ?? null}::text
          )
          select balance from b`,
    );
    return answer('RS_OK', call.requestUuid, userId, currency, Number(row!.balance));
  }

  const hashOf = (
    kind: string,
    b: {
      round: string;
      game_code: string;
      currency: string;
      amount?: number;
      reference_transaction_uuid?: string;
    },
  ) =>
    sha256(
      JSON.stringify([
        kind,
        b.round,
        b.game_code,
        b.currency,
        b.amount ?? null,
        b.reference_transaction_uuid ?? null,
      ]),
    );

  async function bet(providerCode: string, b: z.infer<typeof walletBetRequest>): Promise<WalletAnswer> {
    const hash = hashOf('bet', b);
    const fast = await batch.submit({
      call: 'bet',
      token: sha256(b.token),
      provider: providerCode,
      uuid: b.transaction_uuid,
      hash,
      game: b.game_code,
      round: b.round,
      currency: b.currency,
      amount: b.amount,
      reference: `${providerCode}:${b.transaction_uuid}`,
      memo: { provider: providerCode, game: b.game_code, round: b.round },
      expires: new Date(Date.now() + sessionTtlMs).toISOString(),
    });
    if ('balance' in fast) {
      const userId = Number(fast.user);
      moved(userId, true);
      return answer('RS_OK', b.request_uuid, userId, b.currency, Number(fast.balance));
    }
    // Anything else (a repeat, a token not in force, a refusal, an unexpected failure): judged again by the
    // full rules, in one transaction of its own (the fast attempt wrote nothing).
    const s = await sessionOf(providerCode, b.token, b.transaction_uuid);
    if (!s) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    const userId = Number(s.user_id);
    if (b.currency !== s.currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY', userId, s.currency);
    if (b.game_code !== s.game_code) throw new Refusal('RS_ERROR_INVALID_GAME', userId, s.currency);
    const currency = s.currency as Currency;
    // A repeat of a bet already taken answers its first answer even if the token has expired since.
    const seen = typeof s.seen === 'string' ? (JSON.parse(s.seen) as TxRow) : s.seen;
    if (seen) return replay(seen, 'bet', hash, b.request_uuid);
    try {
      return await placeBet(providerCode, b, hash, s, userId, currency);
    } catch (err) {
      const refusal =
        err instanceof Refusal
          ? err
          : err instanceof AppError && err.code === ErrorCode.INSUFFICIENT_BALANCE
            ? new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', userId, currency)
            : null;
      if (!refusal) throw err;
      const { answer, mine } = await rememberRefusal(
        providerCode,
        b,
        hash,
        userId,
        await refused(refusal, b.request_uuid, currency),
      );
      // Told once: only the call whose refusal became the bet's row tells the player (a repeat, even one racing
      // this call, answers the remembered refusal without telling again).
      if (mine && refusal.limit) limitRefused(userId, refusal.limit);
      return answer;
    }
  }

  /**
   * A bet refused once stays refused (casino.md: the same `transaction_uuid` again answers the first answer):
   * the refusal is kept as the bet's row (state `refused`, no hold), so a retry that would now find the money
   * or the limit free does not take a stake the provider has given up on; a win for it does not exist, a
   * rollback of it moves nothing. Answers the uuid's first answer (another call may have taken it meanwhile),
   * and whether this call's refusal is that answer (`mine`).
   */
  async function rememberRefusal(
    providerCode: string,
    b: z.infer<typeof walletBetRequest>,
    hash: string,
    userId: number,
    refusal: WalletAnswer,
  ): Promise<{ answer: WalletAnswer; mine: boolean }> {
    const [row] = await rows<TxRow & { mine: boolean }>(
      db,
      sql`with ins as (
            insert into casino_transactions (provider_code, transaction_uuid, kind, request_hash, user_id,
              game_code, round, currency, amount, state, answer)
            values (${providerCode}, ${b.transaction_uuid}, 'bet', ${hash}, ${userId}, ${b.game_code}, ${b.round},
              ${b.currency}, ${b.amount}, 'refused', ${JSON.stringify(refusal)}::jsonb)
            on conflict (provider_code, transaction_uuid) do nothing
            returning *)
          select *, true as mine from ins
          union all
          select *, false as mine from casino_transactions where provider_code = ${providerCode}
            and transaction_uuid = ${b.transaction_uuid} and not exists (select 1 from ins)`,
    );
    if (row) return { answer: replay(row, 'bet', hash, b.request_uuid), mine: row.mine };
    // The insert waited on a retry of this bet that took it meanwhile (its row committed after this statement's
    // snapshot, so the select above could not see it): the row, read afresh, is the answer, never the refusal.
    const [taken] = await rows<TxRow>(
      db,
      sql`select * from casino_transactions where provider_code = ${providerCode}
            and transaction_uuid = ${b.transaction_uuid}`,
    );
    return { answer: taken ? replay(taken, 'bet', hash, b.request_uuid) : refusal, mine: false };
  }

  /** A new bet by the full rules (the fast path's refusals and the unusual cases), in one transaction. */
  async function placeBet(
    providerCode: string,
    b: z.infer<typeof walletBetRequest>,
    hash: string,
    s: SessionRow,
    userId: number,
    currency: Currency,
  ): Promise<WalletAnswer> {
    // A player who may not sign in (blocked, cool-off, self-excluded) is disabled, whatever the token says:
    // blocking and excluding also revoke the sign-in, which would otherwise read as an invalid token.
    if (await accounts.signInRefusal(userId)) throw new Refusal('RS_ERROR_USER_DISABLED', userId, currency);
    // A game disabled (or moved) since its launch ended its sessions, which sends such a bet here from the group
    // commit; `stakeProblem` answers it RS_ERROR_INVALID_GAME.
    const problem = await stakeProblem(s);
    if (problem) throw new Refusal(problem, userId, currency);
    if (b.amount === 0) throw new Refusal('RS_ERROR_WRONG_TYPES', userId, currency);
    let fresh = false;
    const a = await database.transaction(async (tx) => {
      const prior = await claim(tx, providerCode, 'bet', b.transaction_uuid, hash, {
        userId,
        gameCode: b.game_code,
        round: b.round,
        currency,
        amount: b.amount,
      });
      if (prior) return replay(prior, 'bet', hash, b.request_uuid);
      const refusal = await rg.stakeRefusal(tx, userId, b.amount);
      // An exclusion that began after the check above is still a disabled player, not a limit.
      if (refusal)
        throw refusal.code === ErrorCode.SELF_EXCLUDED
          ? new Refusal('RS_ERROR_USER_DISABLED', userId, currency)
          : new Refusal('RS_ERROR_LIMIT_REACHED', userId, currency, refusal);
      const { txId } = await hold(tx, {
        type: TxType.BET,
        userId,
        amount: b.amount,
        currency,
        product: 'casino',
        reference: `${providerCode}:${b.transaction_uuid}`,
        memo: { provider: providerCode, game: b.game_code, round: b.round },
      });
      const a = await finish(
        tx,
        {
          providerCode,
          uuid: b.transaction_uuid,
          requestUuid: b.request_uuid,
          userId,
          currency,
          delta: -b.amount,
        },
        { holdId: txId, session: s, round: b.round },
      );
      fresh = true;
      return a;
    });
    if (fresh) moved(userId, true);
    return a;
  }

  async function win(providerCode: string, w: z.infer<typeof walletWinRequest>): Promise<WalletAnswer> {
    const hash = hashOf('win', w);
    const clearing = providerClearing(providerCode);
    const fast = await batch.submit({
      call: 'win',
      provider: providerCode,
      uuid: w.transaction_uuid,
      ref: w.reference_transaction_uuid,
      hash,
      game: w.game_code,
      round: w.round,
      currency: w.currency,
      amount: w.amount,
      clearing,
      memo: { provider: providerCode, win: w.transaction_uuid },
    });
    if ('balance' in fast) {
      const userId = Number(fast.user);
      if (w.amount > 0) moved(userId, false);
      return answer('RS_OK', w.request_uuid, userId, w.currency, Number(fast.balance));
    }
    // Anything else (a repeat, a bet not open, other currency, game or round, a further win): the full rules.
    let paid: number | null = null;
    const answered = await database.transaction(async (tx) => {
      const [bet] = await rows<TxRow>(
        tx,
        sql`select * from casino_transactions where provider_code = ${providerCode}
              and transaction_uuid = ${w.reference_transaction_uuid} for update`,
      );
      const userId = bet?.user_id ? Number(bet.user_id) : null;
      const prior = await claim(tx, providerCode, 'win', w.transaction_uuid, hash, {
        userId,
        gameCode: w.game_code,
        round: w.round,
        currency: w.currency,
        amount: w.amount,
        ref: w.reference_transaction_uuid,
      });
      if (prior) return replay(prior, 'win', hash, w.request_uuid);
      if (!bet || bet.kind !== 'bet' || bet.state === 'rolled_back' || bet.state === 'refused' || !userId)
        throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', userId ?? undefined);
      const currency = bet.currency as Currency;
      if (w.currency !== currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY', userId, currency);
      if (w.game_code !== bet.game_code || w.round !== bet.round)
        throw new Refusal('RS_ERROR_INVALID_GAME', userId, currency);
      let settled = false;
      if (bet.state === 'open' && bet.hold_id) {
        const stake = Number(bet.amount);
        await settle(tx, {
          holdId: Number(bet.hold_id),
          capture: stake,
          to: [{ kind: clearing, amount: stake }],
          ...(w.amount > 0 ? { payout: { from: clearing, amount: w.amount } } : {}),
          memo: { provider: providerCode, win: w.transaction_uuid },
        });
        settled = true;
      } else if (w.amount > 0) {
        // A further win of a settled round (free spins paid one by one): a credit from the provider, split as the
        // first win was (the ledger's rule: the share staked with bonus money goes back to bonus), or a stake of
        // bonus money would win cash that no wagering holds back.
        const [share] = await rows<{ bonus: string | null }>(
          tx,
          sql`select ledger_bonus_share(${w.amount}::bigint, h.posted, h.posted_bonus, h.amount, h.bonus) as bonus
              from ledger_holds h where h.tx_id = ${bet.hold_id}::bigint`,
        );
        const bonus = Number(share?.bonus ?? 0);
        // Paid today: it lowers today's loss for the loss limit (no settlement fact will tell rg of it).
        await rg.recordPaid(tx, userId, w.amount);
        await post(tx, {
          type: TxType.PRIZE,
          currency,
          players: [
            { userId, kind: 'cash', amount: w.amount - bonus },
            { userId, kind: 'bonus', amount: bonus },
          ],
          system: [{ kind: clearing, amount: -w.amount }],
          ref: `${providerCode}:${w.transaction_uuid}`,
        });
      }
      const a = await finish(
        tx,
        {
          providerCode,
          uuid: w.transaction_uuid,
          requestUuid: w.request_uuid,
          userId,
          currency,
          delta: w.amount,
        },
        settled ? { betId: bet.id, betState: 'settled' } : {},
      );
      if (w.amount > 0) paid = userId;
      return a;
    });
    if (paid !== null) moved(paid, false);
    return answered;
  }

  async function rollback(
    providerCode: string,
    r: z.infer<typeof walletRollbackRequest>,
  ): Promise<WalletAnswer> {
    const hash = hashOf('rollback', r);
    const s = await sessionOf(providerCode, r.token);
    // Checked before anything is stored: a tombstone in another currency than the player's session (or one we do
    // not hold) would sit in the player's recall as a round no balance can be read in.
    if (!isCurrency(r.currency) || (s && r.currency !== s.currency))
      throw new Refusal('RS_ERROR_WRONG_CURRENCY', s ? Number(s.user_id) : undefined, s?.currency);
    let returned: number | null = null;
    const answered = await database.transaction(async (tx) => {
      // The bet's row, or a tombstone in its place: the bet, if it ever arrives, is then refused.
      await tx.execute(
        sql`insert into casino_transactions (provider_code, transaction_uuid, kind, user_id, game_code, round,
              currency, state)
            values (${providerCode}, ${r.reference_transaction_uuid}, 'bet', ${s ? Number(s.user_id) : null},
              ${r.game_code}, ${r.round}, ${r.currency}, 'rolled_back')
            on conflict (provider_code, transaction_uuid) do nothing`,
      );
      const [bet] = await rows<TxRow>(
        tx,
        sql`select * from casino_transactions where provider_code = ${providerCode}
              and transaction_uuid = ${r.reference_transaction_uuid} for update`,
      );
      const userId = bet?.user_id ? Number(bet.user_id) : s ? Number(s.user_id) : null;
      const prior = await claim(tx, providerCode, 'rollback', r.transaction_uuid, hash, {
        userId,
        gameCode: r.game_code,
        round: r.round,
        currency: r.currency,
        amount: r.amount ?? 0,
        ref: r.reference_transaction_uuid,
      });
      if (prior) return replay(prior, 'rollback', hash, r.request_uuid);
      if (!bet || bet.kind !== 'bet')
        throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', userId ?? undefined);
      const currency = (bet.currency && isCurrency(bet.currency) ? bet.currency : r.currency) as Currency;
      if (bet.request_hash && r.currency !== currency)
        throw new Refusal('RS_ERROR_WRONG_CURRENCY', userId ?? undefined, currency);
      // As a win: the rollback names the bet's own game and round, or it undoes a bet it does not describe.
      if (bet.request_hash && (r.game_code !== bet.game_code || r.round !== bet.round))
        throw new Refusal('RS_ERROR_INVALID_GAME', userId ?? undefined, currency);
      // A bet already paid out cannot be undone by the provider alone.
      if (bet.state === 'settled') throw new Refusal('RS_ERROR_UNKNOWN', userId ?? undefined, currency);
      let back = 0;
      let rolledBack = false;
      if (bet.state === 'open') {
        if (bet.hold_id)
          await voidHold(tx, {
            holdId: Number(bet.hold_id),
            memo: { provider: providerCode, rollback: r.transaction_uuid },
          });
        back = Number(bet.amount);
        rolledBack = true;
      }
      const bookkeeping = rolledBack ? { betId: bet.id, betState: 'rolled_back' } : {};
      let a: WalletAnswer;
      if (userId && isCurrency(currency))
        a = await finish(
          tx,
          {
            providerCode,
            uuid: r.transaction_uuid,
            requestUuid: r.request_uuid,
            userId,
            currency,
            delta: back,
          },
          bookkeeping,
        );
      else {
        // A rollback of a bet never seen, for a token we do not know: nothing to read a balance of.
        a = answer('RS_OK', r.request_uuid, undefined, currency, 0);
        const { request_uuid: _, ...stored } = a;
        await tx.execute(
          sql`update casino_transactions set answer = ${JSON.stringify(stored)}::jsonb
              where provider_code = ${providerCode} and transaction_uuid = ${r.transaction_uuid}`,
        );
      }
      if (back > 0 && userId) returned = userId;
      return a;
    });
    if (returned !== null) moved(returned, false);
    return answered;
  }

  async function user(providerCode: string, u: z.infer<typeof walletUserRequest>): Promise<WalletAnswer> {
    const s = await sessionOf(providerCode, u.token);
    if (!s) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    const userId = Number(s.user_id);
    if (u.game_code !== undefined && u.game_code !== s.game_code)
      throw new Refusal('RS_ERROR_INVALID_GAME', userId, s.currency);
    // The provider learns at once that this player may not play (answered with the balance, as any refusal).
    if (await accounts.signInRefusal(userId)) throw new Refusal('RS_ERROR_USER_DISABLED', userId, s.currency);
    const problem = await stakeProblem(s);
    if (problem) throw new Refusal(problem, userId, s.currency);
    await db.execute(
      sql`update casino_sessions set opened_at = coalesce(opened_at, now()),
            expires_at = greatest(expires_at, ${new Date(Date.now() + sessionTtlMs)}) where id = ${s.id}`,
    );
    return answer(
      'RS_OK',
      u.request_uuid,
      userId,
      s.currency,
      await balanceOf(db, userId, s.currency as Currency),
    );
  }

  /** Answers any refusal with the player's balance when the player is known. */
  async function refused(err: Refusal, requestUuid: string, fallbackCurrency: string): Promise<WalletAnswer> {
    const currency = err.currency ?? fallbackCurrency;
    const balance = err.userId && isCurrency(currency) ? await balanceOf(db, err.userId, currency) : 0;
    return answer(err.status, requestUuid, err.userId, currency, balance);
  }

  return {
    /** The answer to a body that could not be read at all (too large, say): no request, no player. */
    unreadable: (): WalletAnswer => answer('RS_ERROR_WRONG_SYNTAX', '', undefined, '', 0),

    /** One wallet call, from the raw body and its signature header to the answer. */
    async handle(
      providerCode: string,
      call: WalletCall,
      rawBody: Buffer,
      signature: unknown,
    ): Promise<WalletReply> {
      // No provider's code is longer (catalogue: 40 at most): one that is, is an unknown provider, answered as such.
      const key = providerCode.length <= 40 ? await catalogue.providerKey(providerCode) : null;
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        body = undefined;
      }
      const requestUuid =
        body &&
        typeof body === 'object' &&
        typeof (body as { request_uuid?: unknown }).request_uuid === 'string'
          ? (body as { request_uuid: string }).request_uuid.slice(0, 100)
          : '';
      const bodyCurrency =
        body && typeof body === 'object' && typeof (body as { currency?: unknown }).currency === 'string'
          ? (body as { currency: string }).currency.slice(0, 8)
          : '';
      if (!key || !signatureValid(key, rawBody, signature))
        return {
          http: 200,
          answer: answer('RS_ERROR_INVALID_SIGNATURE', requestUuid, undefined, bodyCurrency, 0),
        };
      if (body === undefined)
        return {
          http: 200,
          answer: answer('RS_ERROR_WRONG_SYNTAX', requestUuid, undefined, bodyCurrency, 0),
        };
      const parsed = SCHEMAS[call].safeParse(body);
      // PostgreSQL text cannot hold U+0000: refused here, before it can fail a batch shared with other calls.
      if (!parsed.success || hasNul(parsed.data))
        return { http: 200, answer: answer('RS_ERROR_WRONG_TYPES', requestUuid, undefined, bodyCurrency, 0) };
      try {
        const input = parsed.data;
        switch (call) {
          case 'user/info':
          case 'user/balance':
            return {
              http: 200,
              answer: await user(providerCode, input as z.infer<typeof walletUserRequest>),
            };
          case 'transaction/bet':
            return { http: 200, answer: await bet(providerCode, input as z.infer<typeof walletBetRequest>) };
          case 'transaction/win':
            return { http: 200, answer: await win(providerCode, input as z.infer<typeof walletWinRequest>) };
          case 'transaction/rollback':
            return {
              http: 200,
              answer: await rollback(providerCode, input as z.infer<typeof walletRollbackRequest>),
            };
        }
      } catch (err) {
        if (err instanceof Refusal)
          return { http: 200, answer: await refused(err, requestUuid, bodyCurrency) };
        // The ledger's CHECKs: an overdraft, or a credit past the largest balance an account holds (MAX_MINOR,
        // a win no game pays): the limit is reached, nothing moved.
        const status =
          err instanceof AppError && err.code === ErrorCode.INSUFFICIENT_BALANCE
            ? 'RS_ERROR_NOT_ENOUGH_MONEY'
            : err instanceof AppError && err.key === 'amountTooLarge'
              ? 'RS_ERROR_LIMIT_REACHED'
              : null;
        if (status) {
          const s = await sessionOf(providerCode, (parsed.data as { token: string }).token);
          return {
            http: 200,
            answer: await refused(
              new Refusal(status, s ? Number(s.user_id) : undefined, s?.currency),
              requestUuid,
              bodyCurrency,
            ),
          };
        }
        throw err;
      }
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
