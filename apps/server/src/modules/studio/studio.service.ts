import crypto from 'node:crypto';
import {
  ErrorCode,
  STUDIO_ROUNDS_PAGE,
  studioGameCode,
  type StudioGameCode,
  type StudioGameInfo,
  type StudioRotateAnswer,
  type StudioRound,
  type StudioSession,
  type StudioSpin,
  type WalletAnswer,
} from '@aposta/contracts';
import {
  hashServerSeed,
  spinSlot,
  STUDIO_BETS,
  STUDIO_SLOT_FIGURES,
  STUDIO_SLOTS,
  type SlotGame,
  type SlotOutcome,
} from '@aposta/fairness';
import { toMajor, type Currency } from '@aposta/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SeedVault } from '../originals';
import { WalletUnreachable, type WalletClient } from './studio.wallet-client';

/**
 * Aposta Studios' game server: a provider like any other. It opens a session from a launch token (once), plays
 * a spin from the player's seed pair (`@aposta/fairness`), and moves money only by signed wallet calls over
 * HTTP: a bet, then a win (0 when nothing is won) in the same round; a bet whose answer never came is rolled
 * back. Every round keeps its steps and the balance before and after for the recall.
 */

export interface StudioDeps {
  database: Database;
  wallet: WalletClient;
  vault: SeedVault;
}

/** Play money of a demo session. */
const DEMO_BALANCE = 200_000;

/** A demo session's id starts so: its spins are play money, and the spin route limits them per address. */
const DEMO_SESSION_PREFIX = 'demo-';
export const isDemoSession = (session: unknown) =>
  typeof session === 'string' && session.startsWith(DEMO_SESSION_PREFIX);

interface SessionRow {
  id: string;
  wallet_token: string | null;
  player: string;
  game: string;
  currency: string;
  demo: boolean;
  demo_balance: string | number;
}

interface SeedRow {
  id: string | number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

interface RoundRow {
  id: string | number;
  game: string;
  demo: boolean;
  bet: string | number;
  win: string | number;
  balance_before: string | number | null;
  balance_after: string | number | null;
  steps: unknown;
  nonce: number;
  rules: number;
  created_at: string | Date;
  server_seed_hash: string;
  server_seed: string;
  active: boolean;
  currency: string;
}

async function rows<T>(exec: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await exec.execute(query)) as unknown as { rows: T[] }).rows;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const sessionInvalid = () => new AppError(ErrorCode.SESSION_INVALID, 'casinoSessionInvalid');
const unavailable = () => new AppError(ErrorCode.UNAVAILABLE, 'casinoWalletUnavailable');

/**
 * A round still 'open' this long after it began is no spin in progress: the wallet client gives up on a call
 * after three attempts of 5 s. Rounds to finish: those and the wins owed ('placed'), read on the partial index
 * studio_rounds_unsettled.
 */
const STALE_OPEN = '2 minutes';
const UNFINISHED = sql.raw(
  `r.state in ('open', 'placed') and (r.state = 'placed' or r.created_at < now() - interval '${STALE_OPEN}')`,
);

/** What the game client shows: the grid, lines, pay table (× bet), stakes and the declared figures. */
export function gameInfo(code: StudioGameCode): StudioGameInfo {
  const g = STUDIO_SLOTS[code]!;
  const figures = STUDIO_SLOT_FIGURES[code]!;
  const paytable: Record<string, Record<string, number>> = {};
  const per = (u: number) => u / g.unitsPerBet;
  if (g.kind === 'grid3x3') for (const [s, u] of Object.entries(g.pays)) paytable[s] = { 3: per(u) };
  if (g.kind === 'lines5x3') {
    // Lines games are shown in multiples of the line bet (the bet over the lines), as the contract says: a unit
    // is bet / unitsPerBet, so u units are u × lines / unitsPerBet line bets (not u / unitsPerBet, a tenth).
    const line = (u: number) => (u * g.lines.length) / g.unitsPerBet;
    for (const [s, [a, b, c]] of Object.entries(g.pays)) paytable[s] = { 3: line(a), 4: line(b), 5: line(c) };
    const [a, b, c] = g.scatterPays;
    const scatter = g.symbols.find((x) => x.scatter)?.id ?? 'S';
    paytable[scatter] = { 3: line(a), 4: line(b), 5: line(c) };
  }
  if (g.kind === 'cluster')
    for (const [s, [a, b, c]] of Object.entries(g.pays))
      paytable[s] = { [g.minCount]: per(a), [g.minCount + 2]: per(b), [g.minCount + 4]: per(c) };
  return {
    gameCode: code,
    name: g.name,
    kind: g.kind,
    rows: g.rows,
    reels: g.strips.length,
    symbols: g.symbols.map((s) => ({
      id: s.id,
      name: s.name,
      wild: Boolean(s.wild),
      scatter: Boolean(s.scatter),
    })),
    lines: g.kind === 'cluster' ? [] : g.lines,
    paytable,
    bets: STUDIO_BETS.map((b) => toMajor(b)),
    rtp: figures.rtp,
    hitFrequency: figures.hitFrequency,
    maxWin: figures.maxWin,
    volatility: g.volatility,
  };
}

export function createStudioService({ database, wallet, vault }: StudioDeps) {
  const { db } = database;

  async function sessionOf(id: string): Promise<SessionRow> {
    const [s] = await rows<SessionRow>(
      db,
      sql`select id, wallet_token, player, game, currency, demo, demo_balance from studio_sessions where id = ${id}`,
    );
    if (!s) throw sessionInvalid();
    return s;
  }

  async function openPair(exec: Executor, player: string, clientSeed?: string) {
    const seed = crypto.randomBytes(32).toString('hex');
    await exec.execute(
      sql`insert into studio_seeds (player, server_seed, server_seed_hash, client_seed)
          values (${player}, ${vault.seal(seed)}, ${hashServerSeed(seed)},
            ${clientSeed ?? crypto.randomBytes(12).toString('base64url')})
          on conflict (player) where active do nothing`,
    );
  }

  const activePair = (exec: Executor, player: string) =>
    rows<SeedRow>(
      exec,
      sql`select id, server_seed, server_seed_hash, client_seed, nonce from studio_seeds
          where player = ${player} and active`,
    );

  async function pairOf(exec: Executor, player: string): Promise<SeedRow> {
    let [pair] = await activePair(exec, player);
    if (!pair) {
      await openPair(exec, player);
      [pair] = await activePair(exec, player);
    }
    return pair!;
  }

  /**
   * A demo's pair is made with its session and only the sweep (`dropIdleDemos`) takes it away, so none means the
   * session was just swept under its player: the answer for an unknown session, and no pair made again (nothing
   * would ever delete it).
   */
  async function demoPair(player: string): Promise<SeedRow> {
    const [pair] = await activePair(db, player);
    if (!pair) throw sessionInvalid();
    return pair;
  }

  const fairnessOf = (p: SeedRow) => ({
    serverSeedHash: p.server_seed_hash,
    clientSeed: p.client_seed,
    nonce: Number(p.nonce),
  });

  function steps(outcome: SlotOutcome, game: SlotGame, bet: number, currency: Currency) {
    const money = (units: number) => toMajor((units * bet) / game.unitsPerBet, currency);
    return outcome.steps.map((s) => ({
      kind: s.kind,
      grid: s.grid,
      stops: s.stops,
      wins: s.wins.map((w) => ({
        symbol: w.symbol,
        count: w.count,
        cells: w.cells,
        line: w.line,
        amount: money(w.units),
      })),
      multiplier: s.multiplier,
      win: money(s.units),
      freeSpinsLeft: s.freeSpinsLeft,
    }));
  }

  function roundOf(r: RoundRow): StudioRound {
    const currency = r.currency as Currency;
    const m = (v: string | number | null) => toMajor(Number(v ?? 0), currency);
    return {
      roundId: String(r.id),
      gameCode: studioGameCode.parse(r.game),
      demo: r.demo,
      bet: m(r.bet),
      win: m(r.win),
      balanceBefore: m(r.balance_before),
      balanceAfter: m(r.balance_after),
      steps: (typeof r.steps === 'string' ? JSON.parse(r.steps) : r.steps) as StudioRound['steps'],
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.active ? null : vault.open(r.server_seed),
      clientSeed: (r as unknown as { client_seed: string }).client_seed,
      nonce: Number(r.nonce),
      rules: Number(r.rules),
      at: new Date(r.created_at).toISOString(),
    };
  }

  const ROUND_COLUMNS = sql`select r.id, r.game, r.demo, r.bet, r.win, r.balance_before, r.balance_after, r.steps,
    r.nonce, r.rules, r.created_at, s.server_seed_hash, s.server_seed, s.client_seed, s.active, ss.currency`;
  const ROUND_JOINS = sql`join studio_seeds s on s.id = r.seed_id join studio_sessions ss on ss.id = r.session_id`;
  const ROUND_SELECT = sql`${ROUND_COLUMNS} from studio_rounds r ${ROUND_JOINS}`;

  /** Marks a round settled with its balances (null keeps the one recorded) and answers it as the player sees it. */
  async function settled(roundId: string, before: number | null, after: number): Promise<StudioRound> {
    const [row] = await database.prepared<RoundRow>(
      'studio_round_settled',
      sql`with r as (
            update studio_rounds set state = 'settled', balance_before = coalesce(${before}::bigint, balance_before),
              balance_after = ${after}
            where id = ${roundId} returning *
          )
          ${ROUND_COLUMNS} from r ${ROUND_JOINS}`,
    );
    // Only a demo swept during its spin loses its round (or its session or pair) here.
    if (!row) throw sessionInvalid();
    return roundOf(row);
  }

  /** The wallet's refusal of a bet, as the player's error. */
  function refusal(a: WalletAnswer): AppError {
    switch (a.status) {
      case 'RS_ERROR_NOT_ENOUGH_MONEY':
        return new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'casinoOverBalance');
      // The wallet's responsible-gambling check (which limit is the platform's to say, not the game's).
      case 'RS_ERROR_LIMIT_REACHED':
        return new AppError(ErrorCode.LIMIT_REACHED, 'rgLimitReached');
      case 'RS_ERROR_INVALID_TOKEN':
      case 'RS_ERROR_TOKEN_EXPIRED':
      case 'RS_ERROR_USER_DISABLED':
      case 'RS_ERROR_INVALID_GAME': // (the game was disabled since the launch)
        return sessionInvalid();
      default:
        return unavailable();
    }
  }

  /**
   * The wallet calls of one round. Each keeps its transaction_uuid on every attempt, so the wallet answers a
   * repeat with its first answer and moves money once.
   */
  function walletCalls(s: SessionRow, roundId: string) {
    const base = { token: s.wallet_token!, round: roundId, game_code: s.game, currency: s.currency };
    const call = (path: 'transaction/bet' | 'transaction/win' | 'transaction/rollback', body: object) =>
      wallet.call(path, { ...base, request_uuid: crypto.randomUUID(), ...body });
    const ref = { reference_transaction_uuid: `${roundId}-bet`, round_closed: true };
    return {
      bet: (amount: number) =>
        call('transaction/bet', { transaction_uuid: `${roundId}-bet`, round_closed: false, amount }),
      win: (amount: number) =>
        call('transaction/win', { transaction_uuid: `${roundId}-win`, ...ref, amount }),
      rollback: (amount: number) =>
        call('transaction/rollback', { transaction_uuid: `${roundId}-rollback`, ...ref, amount }),
    };
  }

  const markRound = (roundId: string, state: 'refused' | 'rolled_back') =>
    db.execute(sql`update studio_rounds set state = ${state} where id = ${roundId}`);

  /**
   * Finishes the player's rounds that a spin left unfinished: a win the wallet could not take at once
   * ('placed'), and a round that a crash left 'open' (older than STALE_OPEN, so no spin is still at it). For an
   * open round the win tells whether its bet was taken. If it was, the win is paid (or repeated), and the bet's
   * first answer, repeated, gives the balance before. If it never was, the bet is rolled back, so it can no longer
   * arrive. A round the wallet cannot answer for now waits for the next spin.
   */
  async function payPending(player: string) {
    const pending = await rows<{
      id: string | number;
      session_id: string;
      bet: string | number;
      win: string | number;
      state: string;
    }>(
      db,
      sql`select id, session_id, bet, win, state from studio_rounds r
          where player = ${player} and ${UNFINISHED} order by id`,
    );
    for (const r of pending) {
      const s = await sessionOf(r.session_id).catch(() => null);
      if (!s?.wallet_token) continue;
      const roundId = String(r.id);
      const calls = walletCalls(s, roundId);
      const won = await calls.win(Number(r.win)).catch(() => null);
      if (won?.status === 'RS_OK') {
        const taken = r.state === 'open' ? await calls.bet(Number(r.bet)).catch(() => null) : null;
        await settled(roundId, taken?.status === 'RS_OK' ? taken.balance + Number(r.bet) : null, won.balance);
      } else if (r.state === 'open' && won?.status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST') {
        const back = await calls.rollback(Number(r.bet)).catch(() => null);
        if (back?.status === 'RS_OK') await markRound(roundId, 'rolled_back');
      }
    }
  }

  /**
   * Finishes the unfinished rounds of up to `limit` players (the job `studio.payPending`, every minute): a win
   * owed is paid within minutes though its player never spins again (prizes are due within 120 minutes). Answers
   * how many players it went through.
   */
  async function payAllPending(limit = 100): Promise<number> {
    const players = await rows<{ player: string }>(
      db,
      sql`select distinct r.player from studio_rounds r where ${UNFINISHED} limit ${limit}`,
    );
    for (const { player } of players) await payPending(player);
    return players.length;
  }

  /**
   * Deletes the demo sessions idle for `idleHours` (the job `studio.dropIdleDemos`, hourly): opened before then
   * and no round since. With each go what only it owns: its rounds and its player's seed pairs (`demo:<id>`, the
   * revealed ones too). Real-money sessions, rounds and pairs are never read here: they are the record of money
   * and of fairness. `batch` sessions per transaction and `roundBatch` rounds per statement, looping, so a backlog
   * never makes one long transaction. Answers what it deleted.
   */
  async function dropIdleDemos({
    idleHours,
    batch = 500,
    roundBatch = 5_000,
  }: {
    idleHours: number;
    batch?: number;
    roundBatch?: number;
  }): Promise<{ sessions: number; rounds: number; batches: number }> {
    const cutoff = sql`now() - make_interval(hours => ${idleHours}::int)`;
    const gone = { sessions: 0, rounds: 0, batches: 0 };
    /** Runs a `delete … returning 1` and answers how many rows it deleted. */
    const deleted = async (exec: Executor, statement: SQL) =>
      Number(
        (await rows<{ n: number }>(exec, sql`with d as (${statement}) select count(*)::int as n from d`))[0]!
          .n,
      );
    for (;;) {
      const done = await database.transaction(async (tx) => {
        // Idle: opened before the cutoff and its last round (the player's index, newest first) too. Locked, and a
        // session a spin or rotation holds right now is skipped: it is in use.
        const doomed = await rows<{ id: string; player: string }>(
          tx,
          sql`select ss.id, ss.player from studio_sessions ss
              where ss.demo and ss.created_at < ${cutoff}
                and coalesce((select r.created_at from studio_rounds r where r.player = ss.player
                              order by r.id desc limit 1), ss.created_at) < ${cutoff}
              order by ss.created_at limit ${batch}
              for update of ss skip locked`,
        );
        if (!doomed.length) return { sessions: 0, rounds: 0 };
        // One array parameter each (a plain array would be spelled as a row of parameters).
        const players = sql`${sql.param(doomed.map((d) => d.player))}::text[]`;
        const ids = sql`${sql.param(doomed.map((d) => d.id))}::text[]`;
        // Pairs before rounds, each its own statement: a spin records its round by claiming its pair's nonce, so
        // once the pairs are gone no round can come, and the rounds' statement sees any a spin committed meanwhile.
        await tx.execute(
          sql`delete from studio_seeds where player = any(${players}) and player like 'demo:%'`,
        );
        let rounds = 0;
        for (let n = roundBatch; n === roundBatch; rounds += n)
          n = await deleted(
            tx,
            sql`delete from studio_rounds where id in (
                  select id from studio_rounds where player = any(${players}) and demo limit ${roundBatch})
                returning 1`,
          );
        // Counted as deleted, not as selected: the loop below ends even if a selected session were kept.
        const sessions = await deleted(
          tx,
          sql`delete from studio_sessions where id = any(${ids}) and demo returning 1`,
        );
        return { sessions, rounds };
      });
      gone.sessions += done.sessions;
      gone.rounds += done.rounds;
      if (done.sessions) gone.batches++;
      if (done.sessions < batch) return gone;
    }
  }

  return {
    payAllPending,
    dropIdleDemos,

    /** Opens a session: a launch token opens one session only; a demo opens one on play money. */
    async open(input: { token?: string; game: StudioGameCode; demo?: boolean }): Promise<StudioSession> {
      const random = crypto.randomBytes(24).toString('base64url');
      if (input.demo || !input.token) {
        const id = DEMO_SESSION_PREFIX + random;
        const player = `demo:${id}`;
        await db.execute(
          sql`insert into studio_sessions (id, player, game, currency, demo, demo_balance)
              values (${id}, ${player}, ${input.game}, 'BRL', true, ${DEMO_BALANCE})`,
        );
        return {
          session: id,
          demo: true,
          balance: toMajor(DEMO_BALANCE),
          currency: 'BRL',
          game: gameInfo(input.game),
          fairness: fairnessOf(await pairOf(db, player)),
        };
      }
      const id = random;
      const tokenHash = sha256(input.token);
      const [used] = await rows(
        db,
        sql`select 1 from studio_sessions where launch_token_hash = ${tokenHash}`,
      );
      if (used) throw sessionInvalid();
      const info = await wallet
        .call('user/info', { request_uuid: crypto.randomUUID(), token: input.token, game_code: input.game })
        .catch((err: unknown) => {
          throw err instanceof WalletUnreachable ? unavailable() : err;
        });
      if (info.status !== 'RS_OK') throw sessionInvalid();
      const inserted = await rows(
        db,
        sql`insert into studio_sessions (id, launch_token_hash, wallet_token, player, game, currency, demo)
            values (${id}, ${tokenHash}, ${input.token}, ${info.user}, ${input.game}, ${info.currency}, false)
            on conflict (launch_token_hash) do nothing returning id`,
      );
      if (!inserted.length) throw sessionInvalid();
      return {
        session: id,
        demo: false,
        balance: toMajor(info.balance, info.currency as Currency),
        currency: info.currency,
        game: gameInfo(input.game),
        fairness: fairnessOf(await pairOf(db, info.user)),
      };
    },

    /** One paid spin: the bet, the outcome from the seeds, the win; the round recorded step by step. */
    async spin(input: { session: string; bet: number }): Promise<StudioSpin> {
      // One read for the session, whether a win of the player's is still to deliver, and the active pair.
      const [s] = await database.prepared<
        SessionRow & { pending: boolean } & Partial<SeedRow> & { seed_id: string | null }
      >(
        'studio_spin_session',
        sql`select ss.id, ss.wallet_token, ss.player, ss.game, ss.currency, ss.demo, ss.demo_balance,
              exists (select 1 from studio_rounds r where r.player = ss.player and ${UNFINISHED}) as pending,
              p.id as seed_id, p.server_seed, p.server_seed_hash, p.client_seed, p.nonce
            from studio_sessions ss left join studio_seeds p on p.player = ss.player and p.active
            where ss.id = ${input.session}`,
      );
      if (!s) throw sessionInvalid();
      const code = studioGameCode.parse(s.game);
      const game = STUDIO_SLOTS[code]!;
      const currency = s.currency as Currency;
      // One of the offered stakes, matched in major units (no conversion to fail on a stake of 0.001).
      const bet = STUDIO_BETS.find((b) => toMajor(b, currency) === input.bet);
      if (bet === undefined) throw badRequest('casinoBetInvalid');
      if (!s.demo && s.pending) await payPending(s.player);
      // The round is recorded with the nonce it takes, in one statement that claims exactly that nonce: another
      // spin of the player's (or a rotation) that took it first sends this one to the pair as it is now. Each
      // attempt lost is another spin won, so n spins of one player at once need at most n attempts.
      let pair: SeedRow | null = s.seed_id
        ? {
            id: s.seed_id,
            server_seed: s.server_seed!,
            server_seed_hash: s.server_seed_hash!,
            client_seed: s.client_seed!,
            nonce: Number(s.nonce),
          }
        : null;
      let roundId: string | null = null;
      let win = 0;
      for (let attempt = 0; attempt < 20 && !roundId; attempt++) {
        pair ??= s.demo ? await demoPair(s.player) : await pairOf(db, s.player);
        const outcome = spinSlot(game, {
          serverSeed: vault.open(pair.server_seed),
          clientSeed: pair.client_seed,
          nonce: Number(pair.nonce),
        });
        win = (outcome.units * bet) / game.unitsPerBet;
        const recorded = steps(outcome, game, bet, currency);
        const [round] = await database.prepared<{ id: string | number }>(
          'studio_spin_round',
          sql`with n as (
                update studio_seeds set nonce = nonce + 1
                where id = ${pair.id} and active and nonce = ${pair.nonce} returning id
              )
              insert into studio_rounds (session_id, player, game, demo, bet, win, state, steps, seed_id, nonce,
                rules)
              select ${s.id}, ${s.player}, ${code}, ${s.demo}, ${bet}, ${win}, 'open',
                ${JSON.stringify(recorded)}::jsonb, n.id, ${pair.nonce}, ${game.rules ?? 1} from n
              returning id`,
        );
        if (round) roundId = String(round.id);
        else pair = null;
      }
      if (!roundId) throw unavailable();
      if (s.demo) {
        const [d] = await rows<{ demo_balance: string | number }>(
          db,
          sql`update studio_sessions set demo_balance = demo_balance - ${bet} + ${win}
              where id = ${s.id} and demo_balance >= ${bet} returning demo_balance`,
        );
        if (!d) {
          await markRound(roundId, 'refused');
          // No row is also a session swept since it was read (`dropIdleDemos`): said as such, not as the balance.
          const [still] = await rows(db, sql`select 1 from studio_sessions where id = ${s.id}`);
          if (!still) throw sessionInvalid();
          throw new AppError(ErrorCode.INSUFFICIENT_BALANCE, 'casinoOverBalance');
        }
        const after = Number(d.demo_balance);
        return { ...(await settled(roundId, after + bet - win, after)), balance: toMajor(after, currency) };
      }
      const calls = walletCalls(s, roundId);
      let placed: WalletAnswer;
      try {
        placed = await calls.bet(bet);
      } catch (err) {
        // The bet's fate is unknown: roll it back (the wallet remembers it even if it never saw the bet). Marked
        // rolled back only on the wallet's OK: a refused rollback leaves the round for `payPending` to finish.
        await calls
          .rollback(bet)
          .then((back) => (back.status === 'RS_OK' ? markRound(roundId!, 'rolled_back') : undefined))
          .catch(() => undefined);
        throw err instanceof WalletUnreachable ? unavailable() : err;
      }
      if (placed.status !== 'RS_OK') {
        await markRound(roundId, 'refused');
        throw refusal(placed);
      }
      const before = placed.balance + bet;
      const paid = await calls.win(win).catch(() => null);
      if (paid?.status !== 'RS_OK') {
        // Taken, and its win owed: marked so that the player's next spin delivers it. (The round is not marked
        // before the win, which saves a statement a spin: a crash here leaves it 'open' for payPending.)
        await database.prepared(
          'studio_spin_placed',
          sql`update studio_rounds set state = 'placed', balance_before = ${before} where id = ${roundId}`,
        );
        throw unavailable();
      }
      const round = await settled(roundId, before, paid.balance);
      return { ...round, balance: round.balanceAfter };
    },

    /**
     * The recall: the player's settled rounds of the session's game, newest first, a page at a time (`before`:
     * the last round id of the page before; the player's index serves it).
     */
    async rounds(sessionId: string, before?: string): Promise<StudioRound[]> {
      const s = await sessionOf(sessionId);
      const list = await rows<RoundRow>(
        db,
        sql`${ROUND_SELECT} where r.player = ${s.player} and r.game = ${s.game} and r.state = 'settled'
              ${before ? sql`and r.id < ${before}::bigint` : sql``}
            order by r.id desc limit ${STUDIO_ROUNDS_PAGE}`,
      );
      return list.map(roundOf);
    },

    /** One round: the session's player's own, or any (the operator). */
    async round(roundId: string, sessionId?: string): Promise<StudioRound> {
      if (!/^\d{1,18}$/.test(roundId)) throw notFound('casinoRoundUnknown');
      const player = sessionId ? (await sessionOf(sessionId)).player : undefined;
      const [row] = await rows<RoundRow>(
        db,
        sql`${ROUND_SELECT} where r.id = ${roundId} ${player ? sql`and r.player = ${player}` : sql``}`,
      );
      if (!row) throw notFound('casinoRoundUnknown');
      return roundOf(row);
    },

    /** Reveals the active pair's server seed and opens a new pair (nonce 0). */
    async rotate(sessionId: string, clientSeed?: string): Promise<StudioRotateAnswer> {
      const s = await sessionOf(sessionId);
      return database.transaction(async (tx) => {
        // Held against the sweep of idle demos (which skips a locked session): one swept since the read above
        // gets no new pair, which nothing would ever delete.
        const [held] = await rows(
          tx,
          sql`select 1 from studio_sessions where id = ${sessionId} for key share`,
        );
        if (!held) throw sessionInvalid();
        const old = await pairOf(tx, s.player);
        await tx.execute(
          sql`update studio_seeds set active = false, revealed_at = now() where id = ${old.id}`,
        );
        await openPair(tx, s.player, clientSeed);
        const current = await pairOf(tx, s.player);
        return {
          revealed: { ...fairnessOf(old), serverSeed: vault.open(old.server_seed) },
          current: fairnessOf(current),
        };
      });
    },
  };
}

export type StudioService = ReturnType<typeof createStudioService>;
