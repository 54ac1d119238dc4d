import {
  STUDIO_ROUNDS_PAGE,
  type StudioGameInfo,
  type StudioRound,
  type StudioStep,
} from '@aposta/contracts';
import { FORTUNE_OX, hashServerSeed, spinSlot, type Seeds } from '@aposta/fairness';
import { envelope } from '../../../test/render';

export const SERVER_SEED = 'c'.repeat(64);
export const CLIENT_SEED = 'client-seed';

const unit = FORTUNE_OX.unitsPerBet;

/** Fortune Ox as the studio describes it (its real strips and pays, from @aposta/fairness). */
export const FAKE_GAME: StudioGameInfo = {
  gameCode: 'fortune-ox',
  name: FORTUNE_OX.name,
  kind: 'grid3x3',
  rows: FORTUNE_OX.rows,
  reels: FORTUNE_OX.strips.length,
  symbols: FORTUNE_OX.symbols.map((s) => ({ id: s.id, name: s.name, wild: !!s.wild, scatter: !!s.scatter })),
  lines: FORTUNE_OX.lines,
  paytable: Object.fromEntries(Object.entries(FORTUNE_OX.pays).map(([s, p]) => [s, { '3': p / unit }])),
  bets: [0.2, 1, 2, 5],
  rtp: 95.31,
  hitFrequency: 0.4012,
  maxWin: 54,
  volatility: 'low',
};

/** The round a spin with these seeds plays, in money (centavos → major units), as the studio records it. */
export function expectedSpin(seeds: Seeds, bet: number): { steps: StudioStep[]; win: number } {
  const outcome = spinSlot(FORTUNE_OX, seeds);
  const per = Math.round(bet * 100) / unit;
  const steps = outcome.steps.map((s) => ({
    kind: s.kind,
    grid: s.grid,
    stops: s.stops,
    multiplier: s.multiplier,
    freeSpinsLeft: s.freeSpinsLeft,
    win: (s.units * per) / 100,
    wins: s.wins.map((w) => ({
      symbol: w.symbol,
      count: w.count,
      cells: w.cells,
      line: w.line,
      // As the server: the paytable's amount; the step's multiplier is in `win`.
      amount: (w.units * per) / 100,
    })),
  }));
  return { steps, win: (outcome.units * per) / 100 };
}

/**
 * A stand-in for the studio's game server in component tests (the server module is tested on its own):
 * outcomes come from @aposta/fairness with a known seed pair, money in centavos, the rounds kept with their
 * seeds, and the rotation revealing the server seed. Every request is recorded.
 */
export function fakeStudio(options: { balance?: number; serverSeed?: string; nonce?: number } = {}) {
  const state = {
    balance: Math.round((options.balance ?? 100) * 100),
    serverSeed: options.serverSeed ?? SERVER_SEED,
    nonce: options.nonce ?? 0,
    rounds: [] as (StudioRound & { _seed: string })[],
    revealed: new Set<string>(),
    calls: [] as { method: string; path: string; body: unknown; auth: string | null }[],
    failNext: null as null | { status: number; message: string },
    /** The recall answers 500 while set. */
    failRounds: false,
  };
  const seeds = (): Seeds => ({ serverSeed: state.serverSeed, clientSeed: CLIENT_SEED, nonce: state.nonce });
  const fairness = () => ({
    serverSeedHash: hashServerSeed(state.serverSeed),
    clientSeed: CLIENT_SEED,
    nonce: state.nonce,
  });

  function answer(path: string, body: Record<string, unknown> | undefined, query: URLSearchParams) {
    if (path === '/api/studio/session') {
      if (!body?.token && !body?.demo)
        return { status: 401, body: envelope(null, 40101, 'Sessão de jogo inválida') };
      return {
        body: envelope({
          session: 'sess-1',
          demo: Boolean(body.demo),
          balance: state.balance / 100,
          currency: 'BRL',
          game: FAKE_GAME,
          fairness: fairness(),
        }),
      };
    }
    if (path === '/api/studio/spin') {
      if (state.failNext) {
        const f = state.failNext;
        state.failNext = null;
        return { status: 400, body: envelope(null, f.status, f.message) };
      }
      const bet = Number(body?.bet);
      const stake = Math.round(bet * 100);
      if (stake > state.balance) return { status: 400, body: envelope(null, 9999, 'Saldo insuficiente') };
      const { steps, win } = expectedSpin(seeds(), bet);
      const before = state.balance;
      state.balance = before - stake + Math.round(win * 100);
      const round = {
        roundId: String(state.rounds.length + 1),
        gameCode: 'fortune-ox' as const,
        demo: false,
        bet,
        win,
        balanceBefore: before / 100,
        balanceAfter: state.balance / 100,
        steps,
        serverSeedHash: hashServerSeed(state.serverSeed),
        serverSeed: null,
        clientSeed: CLIENT_SEED,
        nonce: state.nonce++,
        at: '2026-11-24T12:00:00.000Z',
        _seed: state.serverSeed,
      };
      state.rounds.unshift(round);
      const { _seed, ...shown } = round;
      void _seed;
      return { body: envelope({ ...shown, balance: state.balance / 100 }) };
    }
    if (path === '/api/studio/fairness/rotate') {
      const old = { ...fairness(), serverSeed: state.serverSeed };
      state.revealed.add(state.serverSeed);
      state.serverSeed = state.serverSeed.slice(1) + 'd';
      state.nonce = 0;
      return { body: envelope({ revealed: old, current: fairness() }) };
    }
    if (path === '/api/studio/rounds' && state.failRounds)
      return { status: 500, body: envelope(null, 500, 'unavailable') };
    if (path === '/api/studio/rounds' && query.get('session') === 'sess-1') {
      // Newest first, a page at a time, the next one before the given round (as the server pages).
      const before = Number(query.get('before') ?? Infinity);
      return {
        body: envelope(
          state.rounds
            .filter((r) => Number(r.roundId) < before)
            .slice(0, STUDIO_ROUNDS_PAGE)
            .map(({ _seed, ...r }) => ({ ...r, serverSeed: state.revealed.has(_seed) ? _seed : null })),
        ),
      };
    }
    return { status: 404, body: envelope(null, 404, 'not found') };
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const body =
      typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    state.calls.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      body,
      auth: new Headers(init.headers).get('Authorization'),
    });
    const { status = 200, body: reply } = answer(url.pathname, body, url.searchParams);
    return new Response(JSON.stringify(reply), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { state, fetch };
}
