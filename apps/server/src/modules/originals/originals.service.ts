import {
  ErrorCode,
  TxType,
  type BetsAnswer,
  type FairnessState,
  type OriginalBet,
  type OriginalGameName,
  type OriginalOutcome,
  type OriginalParams,
  type OriginalsConfig,
  type RotateAnswer,
} from '@aposta/contracts';
import {
  DECLARED_RTP,
  DICE_CHANCE,
  LIMBO_TARGET,
  MULTIPLIER_SCALE,
  diceChance,
  diceMultiplier,
  limboMultiplier,
  minesMultiplier,
  minesPositions,
  payout as payoutOf,
  playInstant,
  plinkoTable,
  rowDoubleMultiplier,
  MINES_TILES,
  type InstantBet,
  type InstantOutcome,
  type RowDoubleColor,
  type Seeds,
} from '@aposta/fairness';
import { DEFAULT_CURRENCY, toMajor, type Currency } from '@aposta/money';
import { sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus';
import { pgCode, pgConstraint, type Database, type Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { moneyParam } from '../../platform/i18n';
import { scopedKey } from '../../platform/idempotency';
import {
  balancesQuery,
  hold,
  parseAmount,
  playerAccountId,
  requestHash,
  settle,
  type SystemKind,
} from '../ledger';
import { createBetBatcher, createLanes } from './originals.batch';
import type { SettingsService } from '../settings';
import { refusalOf, type RgService } from '../rg';
import {
  activePair,
  openPair,
  randomClientSeed,
  rows,
  type SeedRow,
  type SeedVault,
} from './originals.seeds';

export interface OriginalsDeps {
  database: Database;
  settings: SettingsService;
  bus: EventBus;
  vault: SeedVault;
  /** Responsible gambling's check of every stake (the instant bets ask it in SQL, inside their batch). */
  rg: Pick<RgService, 'assertCanStake'>;
}

/** The player placing a bet (the session's user). */
export interface Player {
  id: number;
}

const HOUSE: SystemKind = 'house.originals';
const CURRENCY: Currency = DEFAULT_CURRENCY;

/** A one-step game's request, as the contract parses it. */
export type InstantRequest =
  | { game: 'dice'; amount: number | string; target: number; condition: 'over' | 'under' }
  | { game: 'limbo'; amount: number | string; target: number }
  | { game: 'plinko'; amount: number | string; rows: number; risk: 'low' | 'medium' | 'high' }
  | { game: 'rowDouble'; amount: number | string; color: RowDoubleColor };

/** A bet row joined with its seed pair, as read for answers. */
interface BetRow {
  id: string;
  user_id: string;
  game: OriginalGameName;
  seed_id: string;
  nonce: number;
  params: OriginalParams | string;
  amount: string;
  hold_id: string;
  state: 'open' | 'won' | 'lost';
  /** Ten-thousandths, a bigint (limbo pays up to 1,000,000×): text from PostgreSQL. */
  multiplier: number | string;
  payout: string;
  outcome: OriginalOutcome | string;
  mines: number[] | string | null;
  balance: string;
  created_at: string | Date;
  client_seed: string;
  server_seed_hash: string;
  server_seed: string;
  active: boolean;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const hundredths = (n: number) => Math.round(n * 100);
const major = (minor: number | string) => toMajor(Number(minor), CURRENCY);
const idempotencyConflict = () => new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'idempotencyConflict');

/** The fairness package's outcome in the contract's units (rolls and results in plain numbers). */
function outcomeOf(o: InstantOutcome): OriginalOutcome {
  switch (o.game) {
    case 'dice':
      return { roll: o.roll / 100 };
    case 'limbo':
      return { result: o.result / 100 };
    case 'plinko':
      return { path: o.path, slot: o.slot };
    case 'rowDouble':
      return { tile: o.tile };
  }
}

export function createOriginalsService({ database, settings, bus, vault, rg }: OriginalsDeps) {
  const { db } = database;

  const batcher = createBetBatcher(database);
  const lane = createLanes();

  /**
   * The active pair of each player who bet lately on this node, its server seed opened and its next nonce, so
   * an instant bet's outcome is computed before its one statement. A stale entry (the pair rotated or its nonce
   * taken elsewhere: another node, a mines round) costs one retry: the database takes the nonce only if it is
   * still the pair's next one.
   */
  interface CachedPair extends Seeds {
    id: string;
    serverSeedHash: string;
  }
  const pairs = new Map<number, CachedPair>();
  async function pairOf(userId: number): Promise<CachedPair> {
    let pair = pairs.get(userId);
    if (!pair) {
      const row = await activePair(database, vault, userId);
      pair = {
        id: String(row.id),
        serverSeed: vault.open(row.server_seed),
        serverSeedHash: row.server_seed_hash,
        clientSeed: row.client_seed,
        nonce: Number(row.nonce),
      };
      if (pairs.size >= 100_000) pairs.clear();
      pairs.set(userId, pair);
    }
    return pair;
  }

  /** Stake limits (settings), checked before anything is written. */
  async function stakeOf(input: number | string) {
    const amount = parseAmount(input, CURRENCY);
    const s = await settings.all();
    if (amount < s['originals.minStake'])
      throw badRequest('originalsStakeBelowMin', { amount: moneyParam(s['originals.minStake']) });
    if (amount > s['originals.maxStake'])
      throw badRequest('originalsStakeAboveMax', { amount: moneyParam(s['originals.maxStake']) });
    return { amount, maxPayout: s['originals.maxPayout'] };
  }

  /**
   * The game's bet in the fairness package's units, its parameters as the player sees them, and the most it
   * can pay (ten-thousandths): that times the stake must stay within the maximum payout.
   */
  function instantOf(input: InstantRequest): { bet: InstantBet; params: OriginalParams; best: number } {
    switch (input.game) {
      case 'dice': {
        const target = hundredths(input.target);
        const chance = diceChance(target, input.condition);
        if (target < 0 || target > 10_000 || chance < DICE_CHANCE.min || chance > DICE_CHANCE.max)
          throw badRequest('originalsDiceChanceRange');
        return {
          bet: { game: 'dice', target, condition: input.condition },
          params: { game: 'dice', target: target / 100, condition: input.condition },
          best: diceMultiplier(chance),
        };
      }
      case 'limbo': {
        const target = hundredths(input.target);
        if (target < LIMBO_TARGET.min || target > LIMBO_TARGET.max)
          throw badRequest('originalsLimboTargetRange');
        return {
          bet: { game: 'limbo', target },
          params: { game: 'limbo', target: target / 100 },
          best: limboMultiplier(target),
        };
      }
      case 'plinko':
        return {
          bet: { game: 'plinko', rows: input.rows, risk: input.risk },
          params: { game: 'plinko', rows: input.rows, risk: input.risk },
          best: Math.max(...plinkoTable(input.rows, input.risk)),
        };
      case 'rowDouble':
        return {
          bet: { game: 'rowDouble', color: input.color },
          params: { game: 'rowDouble', color: input.color },
          best: rowDoubleMultiplier(input.color),
        };
    }
  }

  function checkPayout(amount: number, best: number, maxPayout: number) {
    if (payoutOf(amount, best) > maxPayout)
      throw badRequest('originalsPayoutOverMax', { amount: moneyParam(maxPayout) });
  }

  /**
   * Takes the next nonce of the player's active pair (opening one on first use) and a bet id, locking the
   * pair until the transaction ends: a player's bets and rotations queue here, so no nonce serves twice.
   * Also answers the cash available before the stake (to tell whether it drew on bonus money).
   */
  async function takeNonce(tx: Tx, userId: number) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await rows<SeedRow & { bet_id: string; cash_before: string }>(
        tx,
        sql`with s as (
              update originals_seeds set nonce = nonce + 1 where user_id = ${userId} and active
              returning id, server_seed, server_seed_hash, client_seed, nonce - 1 as nonce,
                nextval('originals_bets_id_seq') as bet_id
            )
            select s.*, b.cash_available as cash_before from s, (${balancesQuery(userId, CURRENCY)}) b`,
      );
      // bigint columns come back as strings or numbers depending on the engine.
      if (row) return { ...row, id: String(row.id), bet_id: String(row.bet_id) };
      // No active pair: the first bet ever, or a rotation committed while this waited for the old pair.
      await openPair(tx, vault, userId);
    }
    throw new Error('originals: no active seed pair');
  }

  const seedsOf = (pair: SeedRow): Seeds => ({
    serverSeed: vault.open(pair.server_seed),
    clientSeed: pair.client_seed,
    nonce: Number(pair.nonce),
  });

  /** The stake's hold, as every product's: cash first, then bonus; the reference is the bet id. */
  const holdStake = (tx: Tx, userId: number, betId: string, amount: number) =>
    hold(tx, { type: TxType.BET, userId, amount, product: 'originals', reference: betId });

  /** Settles a stake in full: the stake to the house, the payout (if any) from it. */
  const settleStake = (tx: Tx, holdId: number, amount: number, paid: number) =>
    settle(tx, {
      holdId,
      capture: amount,
      to: [{ kind: HOUSE, amount }],
      ...(paid > 0 ? { payout: { from: HOUSE, amount: paid } } : {}),
    });

  /** Stores the answer of a keyed call in the step's own transaction (answered again to a repeat). */
  const remember = (key: string, hash: string, betId: string, answer: Omit<OriginalBet, 'balance'>) =>
    sql`insert into originals_requests (key, request_hash, bet_id, answer, balance)
        select ${key}, ${hash}, ${betId}::bigint, ${JSON.stringify(answer)}::jsonb, b.cash_available from b`;

  /**
   * Runs a keyed call. A repeat of the key with the same request answers the first answer; with another
   * request, 409. A repeat is found when the step fails (its key is stored with the first answer, so the
   * second insert fails, or the round has moved on): the hot path pays no look-up.
   */
  async function keyed(
    userId: number,
    operation: string,
    key: string,
    body: unknown,
    run: (scoped: string, hash: string) => Promise<OriginalBet>,
  ): Promise<{ answer: OriginalBet; replayed: boolean }> {
    const scoped = scopedKey(`originals.${operation}`, userId, key);
    const hash = requestHash(operation, body);
    try {
      return { answer: await run(scoped, hash), replayed: false };
    } catch (err) {
      return { answer: await replayOf(scoped, hash, userId, err), replayed: true };
    }
  }

  /**
   * The stored answer of a key: the same request answers it again, another request is refused (409). With no
   * stored answer, `failure` (why the call failed) is thrown as the player's error.
   */
  async function replayOf(
    scoped: string,
    hash: string,
    userId: number,
    failure: unknown,
  ): Promise<OriginalBet> {
    const [prior] = await rows<{ request_hash: string; answer: OriginalBet | string; balance: string }>(
      db,
      sql`select request_hash, answer, balance from originals_requests where key = ${scoped}`,
    );
    if (!prior) throw await explain(failure, userId);
    if (prior.request_hash !== hash) throw idempotencyConflict();
    return { ...json<OriginalBet>(prior.answer), balance: major(prior.balance) };
  }

  /** Database refusals as the player's errors. */
  async function explain(err: unknown, userId: number): Promise<unknown> {
    if (err instanceof AppError && err.code === ErrorCode.INSUFFICIENT_BALANCE) {
      const [b] = await rows<{ cash_available: string; bonus_available: string }>(
        db,
        balancesQuery(userId, CURRENCY),
      );
      const available = Number(b?.cash_available ?? 0) + Number(b?.bonus_available ?? 0);
      return new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'originalsOverBalance', {
        amount: moneyParam(available),
      });
    }
    if (pgCode(err) === '23505' && pgConstraint(err) === 'originals_bets_open')
      return conflict('originalsRoundOpen');
    return err;
  }

  /** The answer of a bet row (joined with its pair): the server seed only once the pair was rotated. */
  function answerOf(row: BetRow, balance: number | string = row.balance): OriginalBet {
    const params = json<OriginalParams>(row.params);
    const outcome = json<OriginalOutcome>(row.outcome);
    const amount = Number(row.amount);
    let multiplier = Number(row.multiplier);
    let nextMultiplier: number | null = null;
    if (row.state === 'open' && params.game === 'mines') {
      const safe = (outcome as { revealed: number[] }).revealed.length;
      multiplier = safe ? minesMultiplier(params.mines, safe) : 0;
      nextMultiplier = minesMultiplier(params.mines, safe + 1) / MULTIPLIER_SCALE;
    }
    return {
      betId: String(row.id),
      game: row.game,
      amount: major(amount),
      multiplier: multiplier / MULTIPLIER_SCALE,
      payout: major(row.payout),
      balance: major(balance),
      nonce: Number(row.nonce),
      clientSeed: row.client_seed,
      serverSeedHash: row.server_seed_hash,
      serverSeed: row.active ? null : vault.open(row.server_seed),
      outcome,
      params,
      state: row.state,
      nextMultiplier,
      time: new Date(row.created_at).toISOString(),
    };
  }

  const BET_COLUMNS = sql`b.id, b.user_id, b.game, b.seed_id, b.nonce, b.params, b.amount, b.hold_id, b.state,
    b.multiplier, b.payout, b.outcome, b.mines, b.balance, b.created_at, s.client_seed, s.server_seed_hash,
    s.server_seed, s.active`;

  /** After a stake: the gateway pushes the figures (insBalance under 10, freeBalance when bonus was used). */
  const pushStake = (userId: number, amount: number, cashBefore: string) =>
    void bus.publish('balance.changed', {
      userId,
      cause: 'stake',
      usedFreeBalance: amount > Number(cashBefore),
    });

  /** The open mines round of a player, locked until the transaction ends (reveals and cash-outs queue). */
  async function lockRound(tx: Tx, userId: number): Promise<BetRow> {
    const [row] = await rows<BetRow>(
      tx,
      sql`select ${BET_COLUMNS} from originals_bets b join originals_seeds s on s.id = b.seed_id
          where b.user_id = ${userId} and b.state = 'open' for update of b`,
    );
    if (!row) throw conflict('originalsNoOpenRound');
    return row;
  }

  /**
   * Ends a mines round: settles the stake (lost: to the house; won: the payout, capped at the maximum
   * payout), reveals the board, stores the answer. `revealed` are the safe tiles in order.
   */
  async function endRound(
    tx: Tx,
    round: BetRow,
    revealed: number[],
    won: boolean,
    maxPayout: number,
    key: string,
    hash: string,
    /** The mine tile whose reveal lost the round: kept, so the recall shows which it was. */
    hit?: number,
  ): Promise<OriginalBet> {
    const params = json<OriginalParams>(round.params) as { game: 'mines'; mines: number };
    const amount = Number(round.amount);
    const multiplier = won ? minesMultiplier(params.mines, revealed.length) : 0;
    const paid = won ? Math.min(payoutOf(amount, multiplier), maxPayout) : 0;
    await settleStake(tx, Number(round.hold_id), amount, paid);
    const outcome = { revealed, mines: json<number[]>(round.mines!), ...(hit === undefined ? {} : { hit }) };
    const state = won ? 'won' : 'lost';
    const answer = answerOf({ ...round, state, multiplier, payout: String(paid), outcome }, 0);
    const [b] = await rows<{ cash_available: string }>(
      tx,
      sql`with b as (${balancesQuery(Number(round.user_id), CURRENCY)}),
          u as (
            update originals_bets set state = ${state}, multiplier = ${multiplier}, payout = ${paid},
              outcome = ${JSON.stringify(outcome)}::jsonb, balance = b.cash_available, updated_at = now()
            from b where id = ${round.id}::bigint
          ),
          r as (${remember(key, hash, round.id, answer)})
          select cash_available from b`,
    );
    return { ...answer, balance: major(b!.cash_available) };
  }

  return {
    /** Limits and RTP of every game (the RTP from the fairness package, the one place it is declared). */
    async config(): Promise<OriginalsConfig> {
      const s = await settings.all();
      const games = Object.fromEntries(
        Object.entries(DECLARED_RTP).map(([game, rtp]) => [
          game,
          // 1 − 0.99 is 0.010000000000000009 in floating point: rounded to what a decimal edge means.
          { rtp, houseEdge: Math.round((1 - rtp) * 1e12) / 1e12 },
        ]),
      ) as OriginalsConfig['games'];
      return {
        minStake: major(s['originals.minStake']),
        maxStake: major(s['originals.maxStake']),
        maxPayout: major(s['originals.maxPayout']),
        games,
      };
    },

    /** The active pair's hash, client seed and next nonce (the pair is opened on first read). */
    async fairness(userId: number): Promise<FairnessState> {
      const pair = await activePair(database, vault, userId);
      return {
        serverSeedHash: pair.server_seed_hash,
        clientSeed: pair.client_seed,
        nonce: Number(pair.nonce),
      };
    },

    /**
     * Retires the active pair (its server seed is revealed, for every bet it served) and opens a new one with
     * nonce 0 and the given or a random client seed. Refused while a mines round is open.
     */
    async rotate(userId: number, input: { clientSeed?: string }): Promise<RotateAnswer> {
      const rotated = await database.transaction(async (tx) => {
        for (let attempt = 0; attempt < 3; attempt++) {
          await activePair(tx, vault, userId);
          // Locks the pair: bets wait for the rotation, and a bet holding it makes the rotation wait.
          const [old] = await rows<SeedRow>(
            tx,
            sql`select id, server_seed, server_seed_hash, client_seed, nonce from originals_seeds
                where user_id = ${userId} and active for update`,
          );
          if (!old) continue;
          const open = await rows(
            tx,
            sql`select 1 from originals_bets where user_id = ${userId} and state = 'open'`,
          );
          if (open.length) throw conflict('originalsRotateRoundOpen');
          await tx.execute(
            sql`update originals_seeds set active = false, revealed_at = now() where id = ${old.id}::bigint`,
          );
          await openPair(tx, vault, userId, input.clientSeed ?? randomClientSeed());
          const [now] = await rows<SeedRow>(
            tx,
            sql`select id, server_seed, server_seed_hash, client_seed, nonce from originals_seeds
                where user_id = ${userId} and active`,
          );
          return {
            revealed: {
              serverSeed: vault.open(old.server_seed),
              serverSeedHash: old.server_seed_hash,
              clientSeed: old.client_seed,
              nonce: Number(old.nonce),
            },
            current: { serverSeedHash: now!.server_seed_hash, clientSeed: now!.client_seed, nonce: 0 },
          };
        }
        throw new Error('originals: the seed pair kept changing');
      });
      // This node's cached pair is dropped at once; another node's finds out at its next bet (stale).
      pairs.delete(userId);
      return rotated;
    },

    /**
     * A one-step bet (dice, limbo, plinko, row double): the outcome from the player's pair at its next nonce,
     * then, atomically and group-committed with other players' bets (originals.batch.ts), the nonce, the hold,
     * the settlement and the bet row with its key. Refused before anything is written when the stake or the
     * target is out of bounds or a win could pay more than the maximum payout.
     */
    async bet(player: Player, input: InstantRequest, key: string): Promise<OriginalBet> {
      const { amount, maxPayout } = await stakeOf(input.amount);
      const { bet, params, best } = instantOf(input);
      checkPayout(amount, best, maxPayout);
      const scoped = scopedKey('originals.bet', player.id, key);
      const hash = requestHash('bet', input);
      return lane(player.id, async () => {
        for (let attempt = 0; attempt < 5; attempt++) {
          const pair = await pairOf(player.id);
          const { outcome, multiplier } = playInstant(bet, pair);
          const paid = payoutOf(amount, multiplier);
          const state = multiplier > 0 ? 'won' : 'lost';
          const time = new Date().toISOString();
          const answer: OriginalBet = {
            betId: '',
            game: input.game,
            amount: major(amount),
            multiplier: multiplier / MULTIPLIER_SCALE,
            payout: major(paid),
            balance: 0,
            nonce: pair.nonce,
            clientSeed: pair.clientSeed,
            serverSeedHash: pair.serverSeedHash,
            serverSeed: null,
            outcome: outcomeOf(outcome),
            params,
            state,
            nextMultiplier: null,
            time,
          };
          const done = await batcher.submit({
            user: player.id,
            seed: pair.id,
            nonce: pair.nonce,
            cash: playerAccountId(player.id, 'cash', CURRENCY),
            currency: CURRENCY,
            amount,
            paid,
            house: HOUSE,
            game: input.game,
            params,
            state,
            multiplier,
            outcome: answer.outcome,
            answer,
            key: scoped,
            hash,
            time,
          });
          if ('stale' in done) {
            // Rotated, or a bet or a mines round elsewhere took the nonce: read the pair again.
            pairs.delete(player.id);
            continue;
          }
          const used = new Error('originals: key used but its answer is missing');
          if ('replay' in done) return replayOf(scoped, hash, player.id, used);
          if ('error' in done) {
            if (done.error === '23505' && done.constraint === 'originals_requests_pkey')
              return replayOf(scoped, hash, player.id, used);
            const err = Object.assign(new Error(`originals bet failed: ${done.error}`), {
              code: done.error,
              constraint: done.constraint,
            });
            const refused =
              done.error === '23514' && done.constraint === 'ledger_accounts_player_funds'
                ? new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'insufficientBalance')
                : done.error === 'RG001'
                  ? refusalOf(done.constraint ?? '')
                  : err;
            return replayOf(scoped, hash, player.id, refused);
          }
          pair.nonce++;
          pushStake(player.id, amount, String(done.cash_before));
          return { ...answer, betId: done.bet, balance: major(done.balance) };
        }
        throw new Error('originals: the seed pair kept changing');
      });
    },

    /**
     * Starts a mines round: the nonce (one per round), the hold, and the mines drawn from the seeds, kept in
     * the round's row and shown only at its end. One round at a time per player.
     */
    async minesStart(player: Player, input: { amount: number | string; mines: number }, key: string) {
      const { amount } = await stakeOf(input.amount);
      let cashBefore = '0';
      const { answer, replayed } = await keyed(player.id, 'minesStart', key, input, (scoped, hash) =>
        database.transaction(async (tx) => {
          const open = await rows(
            tx,
            sql`select 1 from originals_bets where user_id = ${player.id} and state = 'open'`,
          );
          if (open.length) throw conflict('originalsRoundOpen');
          const pair = await takeNonce(tx, player.id);
          cashBefore = pair.cash_before;
          await rg.assertCanStake(tx, player.id, amount);
          const held = await holdStake(tx, player.id, pair.bet_id, amount);
          const mines = minesPositions(seedsOf(pair), input.mines);
          const params: OriginalParams = { game: 'mines', mines: input.mines };
          const now = new Date();
          const row: BetRow = {
            id: pair.bet_id,
            user_id: String(player.id),
            game: 'mines',
            seed_id: pair.id,
            nonce: pair.nonce,
            params,
            amount: String(amount),
            hold_id: String(held.txId),
            state: 'open',
            multiplier: 0,
            payout: '0',
            outcome: { revealed: [] },
            mines,
            balance: '0',
            created_at: now,
            client_seed: pair.client_seed,
            server_seed_hash: pair.server_seed_hash,
            server_seed: pair.server_seed,
            active: true,
          };
          const answer = answerOf(row, 0);
          const [b] = await rows<{ cash_available: string }>(
            tx,
            sql`with b as (${balancesQuery(player.id, CURRENCY)}),
                i as (
                  insert into originals_bets (id, user_id, game, seed_id, nonce, params, currency, amount, hold_id,
                    state, outcome, mines, balance, created_at, updated_at)
                  select ${pair.bet_id}::bigint, ${player.id}, 'mines', ${pair.id}::bigint, ${pair.nonce},
                    ${JSON.stringify(params)}::jsonb, ${CURRENCY}, ${amount}, ${held.txId}, 'open',
                    ${JSON.stringify(row.outcome)}::jsonb, ${JSON.stringify(mines)}::jsonb, b.cash_available,
                    ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
                  from b
                ),
                r as (${remember(scoped, hash, pair.bet_id, answer)})
                select cash_available from b`,
          );
          return { ...answer, balance: major(b!.cash_available) };
        }),
      );
      // The round took the pair's next nonce: this node's cached nonce is one behind.
      pairs.delete(player.id);
      if (!replayed) pushStake(player.id, amount, cashBefore);
      return answer;
    },

    /**
     * Reveals a tile of the open round, under the round's row lock (two reveals at once: the second sees the
     * first's result). A mine ends the round lost; the last safe tile, or reaching the maximum payout, cashes
     * out automatically.
     */
    async minesReveal(player: Player, input: { tile: number }, key: string): Promise<OriginalBet> {
      const maxPayout = await settings.get('originals.maxPayout');
      let ended = false;
      const { answer, replayed } = await keyed(player.id, 'minesReveal', key, input, (scoped, hash) =>
        database.transaction(async (tx) => {
          const round = await lockRound(tx, player.id);
          const { mines: count } = json<OriginalParams>(round.params) as { mines: number };
          const revealed = (json<OriginalOutcome>(round.outcome) as { revealed: number[] }).revealed;
          if (revealed.includes(input.tile)) throw conflict('originalsTileRevealed');
          if (json<number[]>(round.mines!).includes(input.tile)) {
            ended = true;
            return endRound(tx, round, revealed, false, maxPayout, scoped, hash, input.tile);
          }
          const next = [...revealed, input.tile];
          const amount = Number(round.amount);
          if (
            next.length === MINES_TILES - count ||
            payoutOf(amount, minesMultiplier(count, next.length)) >= maxPayout
          ) {
            ended = true;
            return endRound(tx, round, next, true, maxPayout, scoped, hash);
          }
          const outcome = { revealed: next };
          const answer = answerOf({ ...round, outcome }, 0);
          const [b] = await rows<{ cash_available: string }>(
            tx,
            sql`with b as (${balancesQuery(player.id, CURRENCY)}),
                u as (
                  update originals_bets set outcome = ${JSON.stringify(outcome)}::jsonb, balance = b.cash_available,
                    updated_at = now()
                  from b where id = ${round.id}::bigint
                ),
                r as (${remember(scoped, hash, round.id, answer)})
                select cash_available from b`,
          );
          return { ...answer, balance: major(b!.cash_available) };
        }),
      );
      if (ended && !replayed) void bus.publish('balance.changed', { userId: player.id });
      return answer;
    },

    /** Cashes out the open round at the multiplier of its safe tiles (at least one). */
    async minesCashout(player: Player, key: string): Promise<OriginalBet> {
      const maxPayout = await settings.get('originals.maxPayout');
      const { answer, replayed } = await keyed(player.id, 'minesCashout', key, {}, (scoped, hash) =>
        database.transaction(async (tx) => {
          const round = await lockRound(tx, player.id);
          const revealed = (json<OriginalOutcome>(round.outcome) as { revealed: number[] }).revealed;
          if (!revealed.length) throw badRequest('originalsNothingRevealed');
          return endRound(tx, round, revealed, true, maxPayout, scoped, hash);
        }),
      );
      if (!replayed) void bus.publish('balance.changed', { userId: player.id });
      return answer;
    },

    /** The open mines round, or null: a round survives restarts and lost connections. */
    async minesActive(userId: number): Promise<OriginalBet | null> {
      const [row] = await rows<BetRow>(
        db,
        sql`select ${BET_COLUMNS} from originals_bets b join originals_seeds s on s.id = b.seed_id
            where b.user_id = ${userId} and b.state = 'open'`,
      );
      return row ? answerOf(row) : null;
    },

    /** The player's own bets, newest first. */
    async bets(userId: number, q: { game?: OriginalGameName; limit: number }): Promise<BetsAnswer> {
      const list = await rows<BetRow>(
        db,
        sql`select ${BET_COLUMNS} from originals_bets b join originals_seeds s on s.id = b.seed_id
            where b.user_id = ${userId} ${q.game ? sql`and b.game = ${q.game}` : sql``}
            order by b.id desc limit ${q.limit}`,
      );
      return { list: list.map((row) => answerOf(row)) };
    },

    /** One of the player's bets (another player's is not found), with its server seed once rotated. */
    async recall(userId: number, betId: string): Promise<OriginalBet> {
      if (!/^\d{1,18}$/.test(betId)) throw notFound('originalsBetNotFound');
      const [row] = await rows<BetRow>(
        db,
        sql`select ${BET_COLUMNS} from originals_bets b join originals_seeds s on s.id = b.seed_id
            where b.id = ${betId}::bigint and b.user_id = ${userId}`,
      );
      if (!row) throw notFound('originalsBetNotFound');
      return answerOf(row);
    },
  };
}

export type OriginalsService = ReturnType<typeof createOriginalsService>;
