import type { WalletAnswer } from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, withoutVipRewards } from '../../../test/helpers';
import { providerClearing, systemBalance } from '../ledger';
import { casinoClient, uid } from './casino.testing';

/**
 * A black-box provider: a thousand rounds for a few players, several at a time, every call retried, some sent
 * twice at once, some rollbacks before their bet, some bets rolled back after a lost answer, duplicates with
 * other data. The provider keeps its own books from the answers it got; at the end each player's balance and
 * the provider's clearing account must be what those books say.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof casinoClient>;

beforeAll(async () => {
  t = await createTestApp();
  // Its books count every credit of its players: VIP rewards for the turnover it makes would be credits it does not know.
  await withoutVipRewards(t.app);
  c = casinoClient(t.app, t.database);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

/** A small seeded PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe('casino wallet: a black-box provider', () => {
  it('ends a thousand rounds with retries, duplicates and rollbacks in random order where its books say', async () => {
    const rnd = prng(Number(process.env.CASINO_SEED ?? 19));
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    const p = await c.provider();
    const DEPOSIT = 50_000;
    const players = await Promise.all(Array.from({ length: 6 }, () => c.launched(p.gameCode, DEPOSIT)));
    const books = new Map(players.map((pl) => [pl.gameToken, DEPOSIT]));
    let clearing = 0;
    const tally = { rounds: 0, bets: 0, refused: 0, wins: 0, rollbacks: 0, early: 0, duplicates: 0 };

    /** Sends a call 1–3 times (sometimes two at once); every answer must be the same. */
    async function send(
      path: Parameters<typeof p.call>[0],
      body: Record<string, unknown>,
    ): Promise<WalletAnswer> {
      const times = int(1, 3);
      const answers =
        rnd() < 0.2
          ? await Promise.all(Array.from({ length: times }, () => p.call(path, body)))
          : await (async () => {
              const list = [];
              for (let i = 0; i < times; i++)
                list.push(await p.call(path, { ...body, request_uuid: uid('q') }));
              return list;
            })();
      for (const a of answers) expect(a.http).toBe(200);
      // Every retry answers the first answer, a refusal too (a bet refused for want of money stays refused,
      // though another round paid the player meanwhile).
      const [first] = answers;
      for (const a of answers)
        expect(a.answer).toEqual({ ...first!.answer, request_uuid: a.answer.request_uuid });
      return first!.answer;
    }

    async function round(token: string) {
      tally.rounds++;
      const roundId = uid('r');
      const base = { token, round: roundId, game_code: p.gameCode, currency: 'BRL', round_closed: false };
      const betUuid = uid('b');
      const stake = int(1, 4_000);
      const bet = { ...base, request_uuid: uid('q'), transaction_uuid: betUuid, amount: stake };
      const shape = rnd();
      if (shape < 0.08) {
        // The bet's answer was lost: the provider rolls back first; the late bet must be refused.
        tally.early++;
        const rb = await send('transaction/rollback', {
          ...base,
          request_uuid: uid('q'),
          transaction_uuid: uid('rb'),
          reference_transaction_uuid: betUuid,
        });
        expect(rb.status).toBe('RS_OK');
        const late = await p.call('transaction/bet', bet);
        expect(late.answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
        return;
      }
      const b = await send('transaction/bet', bet);
      if (b.status === 'RS_ERROR_NOT_ENOUGH_MONEY') {
        tally.refused++;
        return;
      }
      expect(b.status).toBe('RS_OK');
      tally.bets++;
      books.set(token, books.get(token)! - stake);
      if (rnd() < 0.05) {
        tally.duplicates++;
        const dup = await p.call('transaction/bet', { ...bet, amount: stake + 1 });
        expect(dup.answer.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
      }
      if (shape < 0.2) {
        tally.rollbacks++;
        const rollbacks = int(1, 2);
        for (let i = 0; i < rollbacks; i++) {
          const rb = await send('transaction/rollback', {
            ...base,
            request_uuid: uid('q'),
            transaction_uuid: uid('rb'),
            reference_transaction_uuid: betUuid,
          });
          expect(rb.status).toBe('RS_OK');
        }
        books.set(token, books.get(token)! + stake);
        const w = await p.call('transaction/win', {
          ...base,
          request_uuid: uid('q'),
          transaction_uuid: uid('w'),
          reference_transaction_uuid: betUuid,
          amount: stake,
        });
        expect(w.answer.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        return;
      }
      const prize = rnd() < 0.6 ? 0 : int(0, stake * 5);
      const w = await send('transaction/win', {
        ...base,
        round_closed: true,
        request_uuid: uid('q'),
        transaction_uuid: uid('w'),
        reference_transaction_uuid: betUuid,
        amount: prize,
      });
      expect(w.status).toBe('RS_OK');
      tally.wins++;
      books.set(token, books.get(token)! + prize);
      clearing += stake - prize;
    }

    // Eight rounds in flight at any time, players picked at random.
    let left = 1_000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (left-- > 0) await round(players[int(0, players.length - 1)]!.gameToken);
      }),
    );

    for (const pl of players) {
      const a = await p.call('user/balance', { request_uuid: uid('q'), token: pl.gameToken });
      expect(a.answer.balance).toBe(books.get(pl.gameToken));
    }
    expect(await systemBalance(t.database.db, 'real', providerClearing(p.code))).toBe(clearing);
    expect(tally.rounds).toBe(1_000);
    expect(tally.early).toBeGreaterThan(30);
    expect(tally.rollbacks).toBeGreaterThan(50);
    expect(tally.duplicates).toBeGreaterThan(10);
    expect(tally.wins).toBeGreaterThan(500);
  }, 240_000);
});
