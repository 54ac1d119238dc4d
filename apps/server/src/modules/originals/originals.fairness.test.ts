import crypto from 'node:crypto';
import { originalBet, rotateAnswer, fairnessState, type OriginalBet } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  onPostgres,
  withoutVipRewards,
} from '../../../test/helpers';
import { playerAccounts } from '../ledger';
import { originalsClient } from './originals.testing';

/**
 * The fairness check: bets of every game played through the API, then the seeds rotated, and every
 * outcome and payout recomputed here from the revealed seeds with node:crypto and the formulas of games.md
 * written out again — not with @aposta/fairness, which the server uses. A thousand bets per game on
 * PostgreSQL; fewer on PGlite, which runs every statement on one connection.
 */
const PER_GAME = onPostgres ? 1_000 : 150;
const PLAYERS = onPostgres ? 8 : 4;
const DEPOSIT = 10_000_000; // R$ 100.000 each
/** The default maximum payout (R$ 500.000): a mines round reaching it is cashed out at it. */
const MAX_PAYOUT = 50_000_000;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof originalsClient>;

beforeAll(async () => {
  t = await createTestApp();
  // Its books count every credit of its players: VIP rewards for the turnover it makes would be credits it does not know.
  await withoutVipRewards(t.app);
  c = originalsClient(t.app, t.database);
});
// The audits and the delivery of every settlement's fact (a thousand bets per game on PostgreSQL) outlast the
// default hook time on a loaded machine: this hook gets its own, generous one.
afterAll(() => expectCleanLedgerThenClose(t.database, t.close), 600_000);

// ---- The guide's rules, written out independently.
function floatsOf(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const out: number[] = [];
  for (let round = 0; out.length < count; round++) {
    const b = crypto.createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && out.length < count; i += 4)
      out.push(b[i]! / 256 + b[i + 1]! / 256 ** 2 + b[i + 2]! / 256 ** 3 + b[i + 3]! / 256 ** 4);
  }
  return out;
}
const choose = (n: number, k: number) => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};
/** Plinko tables of the guide, centre to edge. */
const PLINKO: Record<number, Record<string, number[]>> = {
  8: { low: [0.5, 1, 1.1, 2.1, 5.6], medium: [0.4, 0.7, 1.3, 3, 13], high: [0.2, 0.3, 1.5, 4, 29] },
  12: {
    low: [0.5, 1, 1.1, 1.4, 1.6, 3, 10],
    medium: [0.3, 0.6, 1.1, 2, 4, 11, 33],
    high: [0.2, 0.2, 0.7, 2, 8.1, 24, 170],
  },
  16: {
    low: [0.5, 1, 1.1, 1.2, 1.4, 1.4, 2, 9, 16],
    medium: [0.3, 0.5, 1, 1.5, 3, 5, 10, 41, 110],
    high: [0.2, 0.2, 0.2, 2, 4, 9, 27, 130, 1000],
  },
};

interface Expected {
  outcome: unknown;
  /** Ten-thousandths. */
  multiplier: number;
}

/** What a bet must have given, from the revealed seed. `tiles` are the mines picks in order. */
function expected(bet: OriginalBet, serverSeed: string, tiles: number[] = []): Expected {
  const f = (n: number) => floatsOf(serverSeed, bet.clientSeed, bet.nonce, n);
  const p = bet.params;
  switch (p.game) {
    case 'dice': {
      const roll = Math.floor(f(1)[0]! * 10_001);
      const target = Math.round(p.target * 100);
      const chance = p.condition === 'over' ? 10_000 - target : target;
      const wins = p.condition === 'over' ? roll > target : roll < target;
      // 99 / chance%, in ten-thousandths, floored.
      return { outcome: { roll: roll / 100 }, multiplier: wins ? Math.floor(99_000_000 / chance) : 0 };
    }
    case 'limbo': {
      const n = Math.floor(f(1)[0]! * 16_777_216);
      const result = Math.max(100, Math.floor((16_777_216 / (n + 1)) * 0.99 * 100));
      const target = Math.round(p.target * 100);
      return { outcome: { result: result / 100 }, multiplier: result >= target ? target * 100 : 0 };
    }
    case 'plinko': {
      const path = f(p.rows).map((x) => Math.floor(x * 2));
      const slot = path.reduce((a, b) => a + b, 0);
      const half = PLINKO[p.rows]![p.risk]!;
      return { outcome: { path, slot }, multiplier: Math.round(half[Math.abs(slot - p.rows / 2)]! * 10_000) };
    }
    case 'rowDouble': {
      const tile = Math.floor(f(1)[0]! * 15);
      const color = tile === 0 ? 'white' : tile <= 7 ? 'red' : 'black';
      return {
        outcome: { tile },
        multiplier: color === p.color ? (color === 'white' ? 140_000 : 20_000) : 0,
      };
    }
    case 'mines': {
      const left = Array.from({ length: 25 }, (_, i) => i);
      const mines = f(p.mines).map((x) => left.splice(Math.floor(x * left.length), 1)[0]!);
      const hit = tiles.findIndex((tile) => mines.includes(tile));
      const revealed = hit === -1 ? tiles : tiles.slice(0, hit);
      const s = revealed.length;
      const multiplier = hit === -1 ? Number((9_900n * choose(25, s)) / choose(25 - p.mines, s)) : 0;
      return { outcome: hit === -1 ? { revealed, mines } : { revealed, mines, hit: tiles[hit] }, multiplier };
    }
  }
}

const pick = <T>(list: readonly T[]) => list[crypto.randomInt(list.length)]!;
const cents = () => crypto.randomInt(10, 1_001) / 100;

/** A random valid bet of each one-step game. */
function instantRequest(game: 'dice' | 'limbo' | 'plinko' | 'rowDouble'): Record<string, unknown> {
  switch (game) {
    case 'dice': {
      const condition = pick(['over', 'under'] as const);
      const target =
        condition === 'over' ? crypto.randomInt(200, 10_000) / 100 : crypto.randomInt(1, 9_801) / 100;
      return { amount: cents(), target, condition };
    }
    case 'limbo':
      return { amount: cents(), target: pick([1.01, 1.5, 2, 3.33, 10, 100, 1000]) };
    case 'plinko':
      return { amount: cents(), rows: pick([8, 12, 16]), risk: pick(['low', 'medium', 'high']) };
    case 'rowDouble':
      return { amount: cents(), color: pick(['white', 'red', 'black']) };
  }
}

const ok = (res: { statusCode: number; body: string; json(): { data: unknown } }) => {
  if (res.statusCode !== 200) throw new Error(res.body);
  return originalBet.parse(res.json().data);
};

/** One player's session of play: every instant game, then mines rounds with random picks. */
async function play(token: string) {
  const bets: { bet: OriginalBet; tiles?: number[] }[] = [];
  const share = Math.ceil(PER_GAME / PLAYERS);
  for (const game of ['dice', 'limbo', 'plinko', 'rowDouble'] as const)
    for (let i = 0; i < share; i++)
      bets.push({ bet: ok(await c.call(token, `${game}/bet`, instantRequest(game))) });
  for (let i = 0; i < share; i++) {
    const mines = crypto.randomInt(1, 25);
    let round = ok(await c.call(token, 'mines/start', { amount: cents(), mines }));
    const tiles: number[] = [];
    const want = crypto.randomInt(1, 26 - mines);
    const order = Array.from({ length: 25 }, (_, k) => k).sort(() => Math.random() - 0.5);
    while (round.state === 'open' && tiles.length < want) {
      tiles.push(order[tiles.length]!);
      round = ok(await c.call(token, 'mines/reveal', { tile: tiles.at(-1) }));
    }
    if (round.state === 'open') round = ok(await c.call(token, 'mines/cashout', {}));
    bets.push({ bet: round, tiles });
  }
  return bets;
}

describe('originals: every outcome equals the guide’s formulas on the revealed seeds', () => {
  it(
    `${PER_GAME} bets per game, then rotation: outcomes, payouts and balances recomputed`,
    { timeout: 300_000 },
    async () => {
      const players = await Promise.all(
        Array.from({ length: PLAYERS }, async () => {
          const p = await c.signUp();
          await c.fund(p.id, DEPOSIT);
          const shown = fairnessState.parse((await c.call(p.token, 'fairness')).json().data);
          return { ...p, shown };
        }),
      );
      const sessions = await Promise.all(players.map((p) => play(p.token)));

      for (const [i, p] of players.entries()) {
        const rotated = rotateAnswer.parse((await c.call(p.token, 'fairness/rotate', {}, null)).json().data);
        const seed = rotated.revealed.serverSeed;
        // The seed revealed is the one whose hash was shown before the first bet.
        expect(crypto.createHash('sha256').update(seed).digest('hex')).toBe(p.shown.serverSeedHash);
        const played = sessions[i]!;
        expect(rotated.revealed.nonce).toBe(played.length);
        let net = 0;
        const nonces = new Set<number>();
        for (const { bet, tiles } of played) {
          nonces.add(bet.nonce);
          expect(bet.serverSeedHash).toBe(p.shown.serverSeedHash);
          expect(bet.clientSeed).toBe(p.shown.clientSeed);
          const want = expected(bet, seed, tiles);
          const stake = Math.round(bet.amount * 100);
          const paid = Math.min(Number((BigInt(stake) * BigInt(want.multiplier)) / 10_000n), MAX_PAYOUT);
          expect(
            { outcome: bet.outcome, multiplier: bet.multiplier, payout: bet.payout },
            JSON.stringify(bet),
          ).toEqual({
            outcome: want.outcome,
            multiplier: want.multiplier / 10_000,
            payout: paid / 100,
          });
          expect(bet.state).toBe(want.multiplier > 0 ? 'won' : 'lost');
          net += paid - stake;
        }
        // Every nonce served exactly one bet, from 0 up.
        expect([...nonces].sort((a, b) => a - b)).toEqual(played.map((_, k) => k));
        // The balance is the deposit plus what the bets paid less what they staked.
        const cash = (await playerAccounts(t.database.db, p.id)).find((a) => a.kind === 'cash')!;
        expect(cash.balance).toBe(DEPOSIT + net);
        expect(cash.held).toBe(0);
        // Recall: a bet shows the revealed seed now.
        const some = pick(played).bet;
        const recalled = ok(await c.call(p.token, `bets/${some.betId}`));
        expect(recalled.serverSeed).toBe(seed);
      }
    },
  );
});
