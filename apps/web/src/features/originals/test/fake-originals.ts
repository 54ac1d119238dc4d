import type { OriginalBet } from '@aposta/contracts';
import {
  hashServerSeed,
  minesMultiplier,
  minesPositions,
  payout,
  playInstant,
  type InstantBet,
} from '@aposta/fairness';
import { envelope } from '../../../test/render';

/**
 * A stand-in for the originals API in component tests (the server module is tested on its own): outcomes come
 * from @aposta/fairness with a known seed pair, money in minor units, one answer per Idempotency-Key as the real
 * server does. Every request is recorded.
 */
export function fakeOriginals(options: { balance?: number; serverSeed?: string } = {}) {
  const state = {
    serverSeed: options.serverSeed ?? 'a'.repeat(64),
    clientSeed: 'client-seed',
    nonce: 0,
    balance: options.balance ?? 10_000,
    /** Answers by idempotency key (a repeat answers the first answer). */
    byKey: new Map<string, unknown>(),
    mines: null as (OriginalBet & { _mines: number[]; _amount: number }) | null,
    bets: [] as OriginalBet[],
    calls: [] as { path: string; body: Record<string, unknown>; key: string | null }[],
    /** The next money call (one with an Idempotency-Key) answers this instead (once). */
    failNext: null as null | { status: number; body: unknown } | 'network',
  };
  const major = (m: number) => m / 100;

  function bet(
    game: OriginalBet['game'],
    amount: number,
    multE4: number,
    outcome: OriginalBet['outcome'],
    params: OriginalBet['params'],
    st: OriginalBet['state'],
  ): OriginalBet {
    const pay = st === 'open' ? 0 : payout(amount, multE4);
    return {
      betId: `bet-${state.bets.length + 1}`,
      game,
      amount: major(amount),
      multiplier: multE4 / 10_000,
      payout: major(pay),
      balance: major(state.balance),
      nonce: state.nonce,
      clientSeed: state.clientSeed,
      serverSeedHash: hashServerSeed(state.serverSeed),
      serverSeed: null,
      outcome,
      params,
      state: st === 'won' && pay === 0 ? 'lost' : st,
      nextMultiplier: null,
      time: '2026-11-24T12:00:00.000Z',
    };
  }

  function answer(path: string, body: Record<string, unknown>): { status?: number; body: unknown } {
    const seeds = { serverSeed: state.serverSeed, clientSeed: state.clientSeed, nonce: state.nonce };
    const amount = Math.round(Number(body.amount ?? 0) * 100);
    if (path === '/config')
      return {
        body: envelope({
          minStake: 0.1,
          maxStake: 1000,
          maxPayout: 100_000,
          games: Object.fromEntries(
            ['dice', 'limbo', 'mines', 'plinko']
              .map((g) => [g, { rtp: 0.99, houseEdge: 0.01 }])
              .concat([['rowDouble', { rtp: 0.9333, houseEdge: 0.0667 }]]),
          ),
        }),
      };
    if (path === '/fairness')
      return {
        body: envelope({
          serverSeedHash: hashServerSeed(state.serverSeed),
          clientSeed: state.clientSeed,
          nonce: state.nonce,
        }),
      };
    if (path === '/fairness/rotate') {
      // As the server: the pair in use is revealed with its bets' count, a fresh one starts at nonce 0.
      const revealed = { ...seeds, serverSeedHash: hashServerSeed(state.serverSeed) };
      state.serverSeed = String(state.calls.length).padStart(64, 'c');
      state.clientSeed = String(body.clientSeed ?? 'client-seed');
      state.nonce = 0;
      const current = {
        serverSeedHash: hashServerSeed(state.serverSeed),
        clientSeed: state.clientSeed,
        nonce: 0,
      };
      return { body: envelope({ revealed, current }) };
    }
    if (path.startsWith('/bets')) return { body: envelope({ list: state.bets }) };
    if (path === '/mines/active') return { body: envelope(state.mines) };
    if ((path.endsWith('/bet') || path === '/mines/start') && amount > state.balance)
      return { status: 409, body: envelope(null, 9999, 'Saldo insuficiente') };
    if (path.endsWith('/bet')) {
      const game = path.split('/')[1] as InstantBet['game'];
      const b: InstantBet =
        game === 'dice'
          ? { game, target: Math.round(Number(body.target) * 100), condition: body.condition as 'over' }
          : game === 'limbo'
            ? { game, target: Math.round(Number(body.target) * 100) }
            : game === 'plinko'
              ? { game, rows: Number(body.rows), risk: body.risk as 'low' }
              : { game: 'rowDouble', color: body.color as 'red' };
      const r = playInstant(b, seeds);
      const { game: _g, ...o } = r.outcome as Record<string, unknown>;
      if (typeof o.roll === 'number') o.roll /= 100;
      if (typeof o.result === 'number') o.result /= 100;
      state.balance += payout(amount, r.multiplier) - amount;
      const { amount: _a, ...params } = body;
      const placed = bet(game, amount, r.multiplier, o as never, { game, ...params } as never, 'won');
      state.nonce++;
      state.bets.unshift(placed);
      return { body: envelope(placed) };
    }
    if (path === '/mines/start') {
      state.balance -= amount;
      const count = Number(body.mines);
      // As the server answers an open round with nothing revealed: multiplier 0 (no cash-out yet).
      const open = bet('mines', amount, 0, { revealed: [] }, { game: 'mines', mines: count }, 'open');
      state.mines = {
        ...open,
        nextMultiplier: minesMultiplier(count, 1) / 10_000,
        _mines: minesPositions(seeds, count),
        _amount: amount,
      };
      state.nonce++;
      return { body: envelope(strip(state.mines)) };
    }
    if (path === '/mines/reveal' && state.mines) {
      const m = state.mines;
      const tile = Number(body.tile);
      const count = m._mines.length;
      const revealed = 'revealed' in m.outcome ? m.outcome.revealed : [];
      if (m._mines.includes(tile)) {
        const lost = {
          ...strip(m),
          state: 'lost' as const,
          multiplier: 0,
          nextMultiplier: null,
          outcome: { revealed, mines: m._mines, hit: tile },
        };
        state.mines = null;
        state.bets.unshift(lost);
        return { body: envelope(lost) };
      }
      const s = revealed.length + 1;
      state.mines = {
        ...m,
        outcome: { revealed: [...revealed, tile] },
        multiplier: minesMultiplier(count, s) / 10_000,
        nextMultiplier: minesMultiplier(count, s + 1) / 10_000,
      };
      return { body: envelope(strip(state.mines)) };
    }
    if (path === '/mines/cashout' && state.mines) {
      const m = state.mines;
      const pay = payout(m._amount, Math.round(m.multiplier * 10_000));
      state.balance += pay;
      const revealed = 'revealed' in m.outcome ? m.outcome.revealed : [];
      const won = {
        ...strip(m),
        state: 'won' as const,
        payout: major(pay),
        balance: major(state.balance),
        nextMultiplier: null,
        outcome: { revealed, mines: m._mines },
      };
      state.mines = null;
      state.bets.unshift(won);
      return { body: envelope(won) };
    }
    return { status: 404, body: envelope(null, 40400, 'Não encontrado') };
  }

  function strip(m: OriginalBet & { _mines?: number[]; _amount?: number }): OriginalBet {
    const { _mines: _m, _amount: _a, ...rest } = m;
    return rest;
  }

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const key = headers.get('Idempotency-Key');
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    let res: { status?: number; body: unknown };
    if (url.pathname.startsWith('/api/app/originals')) {
      const path = url.pathname.slice('/api/app/originals'.length);
      state.calls.push({ path, body, key });
      const fail = key ? state.failNext : null;
      if (key) state.failNext = null;
      if (fail === 'network') {
        // The server did the work, but the answer never arrived.
        if (key) state.byKey.set(key, answer(path, body));
        throw new TypeError('Failed to fetch');
      }
      if (fail) res = fail;
      else if (key && state.byKey.has(key)) res = state.byKey.get(key) as typeof res;
      else {
        res = answer(path, body);
        if (key) state.byKey.set(key, res);
      }
    } else if (url.pathname === '/api/app/user/userInfo') {
      res = {
        body: envelope({ uId: 1, username: 'a@b.co', balance: major(state.balance), freeBalance: 0, kyc: 1 }),
      };
    } else res = { body: envelope(null) };
    return new Response(JSON.stringify(res.body), {
      status: res.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { state, fetch };
}
