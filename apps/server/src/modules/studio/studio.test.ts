import crypto from 'node:crypto';
import { studioRound, studioSession, studioSpin, type StudioSpin } from '@aposta/contracts';
import { spinSlot, STUDIO_SLOTS } from '@aposta/fairness';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerAccounts } from '../ledger';
import { createSeedVault } from '../originals';
import { createStudioService, createWalletClient, type WalletClient } from './index';
import { WalletUnreachable } from './studio.wallet-client';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  freePort,
  TEST_OPERATOR_KEY,
  testPlayers,
} from '../../../test/helpers';

/**
 * Our studio end to end: the app listens on a real port and the studio reaches the wallet over HTTP, signed,
 * as an outside provider does. Launch → session → spins → recall → verification of every spin from the seeds.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ PORT: String(port), STUDIO_WALLET_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function player(deposit = 50_000) {
  const { signUp, fund } = testPlayers(t.app, t.database);
  const p = await signUp('s');
  if (deposit) await fund(p.id, deposit);
  return p;
}

async function launch(token: string, gameCode: string) {
  const res = await post('/api/app/casino/launch', { gameCode }, { authorization: `Bearer ${token}` });
  const url = new URL(data<{ url: string }>(res).url, 'http://web.example');
  expect(url.pathname).toBe(`/studio/${gameCode}`);
  return url.searchParams.get('token')!;
}

describe('Aposta Studios over the wallet API', () => {
  it('is in the lobby as a provider with its three slots and their exact RTP', async () => {
    const lobby = data<{ games: { gameCode: string; provider: string; rtp: number }[] }>(
      await t.app.inject({ url: '/api/app/casino/games?provider=aposta' }),
    );
    expect(lobby.games.map((g) => g.gameCode).sort()).toEqual([
      'candy-cascade',
      'carnival-lines',
      'fortune-ox',
    ]);
    expect(lobby.games.every((g) => g.rtp >= 94 && g.rtp <= 97)).toBe(true);
  });

  it('pages the recall: the game’s own rounds, newest first, 20 at a time', async () => {
    const p = await player();
    const open = async (game: string) =>
      studioSession.parse(
        data(await post('/api/studio/session', { token: await launch(p.token, game), game })),
      ).session;
    const spin = async (session: string) =>
      studioSpin.parse(data(await post('/api/studio/spin', { session, bet: 2 }))).roundId;
    const other = await open('carnival-lines');
    await spin(other);
    const session = await open('fortune-ox');
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await spin(session));
    const page = async (before?: string) =>
      data<unknown[]>(
        await t.app.inject({
          url: `/api/studio/rounds?session=${session}${before ? `&before=${before}` : ''}`,
        }),
      ).map((r) => studioRound.parse(r).roundId);
    const first = await page();
    expect(first).toEqual(ids.slice(-20).reverse());
    const second = await page(first.at(-1));
    expect(second).toEqual(ids.slice(0, 3).reverse());
    expect(await page(second.at(-1))).toEqual([]);
    // A cursor that is no round id is the caller's mistake, said in the player's language.
    const bad = await t.app.inject({ url: `/api/studio/rounds?session=${session}&before=abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/before/);
  });

  it('plays spins of each slot: the balance moves by bet and win, every spin verifies from the revealed seed', async () => {
    const p = await player(100_000);
    let expected = 100_000;
    for (const game of ['fortune-ox', 'carnival-lines', 'candy-cascade'] as const) {
      const token = await launch(p.token, game);
      const s = studioSession.parse(data(await post('/api/studio/session', { token, game })));
      expect(s.demo).toBe(false);
      expect(Math.round(s.balance * 100)).toBe(expected);
      // The launch token opens one session only.
      expect((await post('/api/studio/session', { token, game })).statusCode).toBe(401);
      const spins: StudioSpin[] = [];
      for (let i = 0; i < 15; i++) {
        const spin = studioSpin.parse(data(await post('/api/studio/spin', { session: s.session, bet: 2 })));
        expected += -200 + Math.round(spin.win * 100);
        expect(Math.round(spin.balance * 100)).toBe(expected);
        expect(Math.round(spin.balanceBefore * 100)).toBe(expected + 200 - Math.round(spin.win * 100));
        spins.push(spin);
      }
      // The platform's recall of the same round: the bet and the win with the balances.
      const last = spins.at(-1)!;
      const platform = data<{ steps: { call: string; amount: number; balanceAfter: number }[] }>(
        await t.app.inject({
          url: `/api/app/casino/rounds/aposta:${last.roundId}`,
          headers: { authorization: `Bearer ${p.token}` },
        }),
      );
      expect(platform.steps.map((x) => [x.call, x.amount])).toEqual([
        ['bet', 2],
        ['win', last.win],
      ]);
      expect(platform.steps[1]!.balanceAfter).toBe(last.balance);
      // Rotation reveals the server seed; every spin is recomputed from it.
      const rotated = data<{ revealed: { serverSeed: string; serverSeedHash: string } }>(
        await post('/api/studio/fairness/rotate', { session: s.session }),
      );
      const recall = data<unknown[]>(
        await t.app.inject({ url: `/api/studio/rounds?session=${s.session}` }),
      ).map((r) => studioRound.parse(r));
      // This game's rounds only (the player's other games have their own recall).
      expect(recall.map((r) => r.gameCode)).toEqual(Array(15).fill(game));
      for (const r of recall) {
        expect(r.serverSeed).toBe(rotated.revealed.serverSeed);
        const again = spinSlot(STUDIO_SLOTS[game]!, {
          serverSeed: r.serverSeed!,
          clientSeed: r.clientSeed,
          nonce: r.nonce,
        });
        expect(r.steps.map((x) => x.stops)).toEqual(again.steps.map((x) => x.stops));
        expect(Math.round(r.win * 100)).toBe((again.units * 200) / STUDIO_SLOTS[game]!.unitsPerBet);
      }
      const op = await t.app.inject({
        url: `/api/operator/casino/studio/rounds/${last.roundId}`,
        headers: { 'x-operator-key': TEST_OPERATOR_KEY },
      });
      expect(studioRound.parse(data(op)).roundId).toBe(last.roundId);
    }
  }, 60_000);

  it('refuses a stake not offered, a stake above the balance, and spins after sign-out', async () => {
    const p = await player(300);
    const token = await launch(p.token, 'fortune-ox');
    const s = studioSession.parse(data(await post('/api/studio/session', { token, game: 'fortune-ox' })));
    // Not offered, or not even a sum of centavos: the same refusal, in the player's words.
    for (const bet of [0.3, 0.001, 0.205]) {
      const res = await post('/api/studio/spin', { session: s.session, bet });
      expect(res.statusCode, `${bet}`).toBe(400);
      expect(res.json().message).toBe('Esta aposta não é oferecida neste jogo');
    }
    const over = await post('/api/studio/spin', { session: s.session, bet: 4 });
    expect(over.statusCode).toBe(409);
    expect(over.json().status).toBe(9999);
    data(await post('/api/studio/spin', { session: s.session, bet: 0.2 }));
    await post('/api/auth/user/logout', {}, { authorization: `Bearer ${p.token}` });
    const after = await post('/api/studio/spin', { session: s.session, bet: 0.2 });
    expect(after.statusCode).toBe(401);
    expect((await post('/api/studio/spin', { session: 'nope', bet: 0.2 })).statusCode).toBe(401);
  });

  it('a spin past a responsible-gambling limit is refused with the limit message, nothing moved', async () => {
    const p = await player(10_000);
    const limits = await t.app.inject({
      method: 'PUT',
      url: '/api/app/rg/limits',
      headers: { authorization: `Bearer ${p.token}` },
      payload: { loss: { day: 1 } },
    });
    expect(limits.statusCode, limits.body).toBe(200);
    const token = await launch(p.token, 'fortune-ox');
    const s = studioSession.parse(data(await post('/api/studio/session', { token, game: 'fortune-ox' })));
    const refused = await post('/api/studio/spin', { session: s.session, bet: 2 });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe('Limite de jogo responsável atingido. Aposta recusada.');
    const cash = (await playerAccounts(t.database.db, p.id)).find((a) => a.kind === 'cash');
    expect(cash).toMatchObject({ balance: 10_000, held: 0 });
  });

  it('plays a demo on play money without touching the wallet', async () => {
    const s = studioSession.parse(
      data(await post('/api/studio/session', { game: 'candy-cascade', demo: true })),
    );
    expect(s).toMatchObject({ demo: true, balance: 2_000 });
    const spin = studioSpin.parse(data(await post('/api/studio/spin', { session: s.session, bet: 10 })));
    expect(spin.balance).toBe(2_000 - 10 + spin.win);
    expect(spin.balanceBefore).toBe(2_000);
  });

  it('sweeps idle demo sessions every hour (the job studio.dropIdleDemos)', async () => {
    const read = await t.database.db.execute(
      sql`select cron from pgboss.schedule where name = 'studio.dropIdleDemos'`,
    );
    expect((read as unknown as { rows: { cron: string }[] }).rows).toEqual([{ cron: '23 * * * *' }]);
  });

  it('records the rules each round was paid by; the recall shows a round as recorded, not replayed', async () => {
    const rulesOf = async (game: 'fortune-ox' | 'carnival-lines') => {
      const s = studioSession.parse(data(await post('/api/studio/session', { game, demo: true })));
      const spin = studioSpin.parse(data(await post('/api/studio/spin', { session: s.session, bet: 2 })));
      return { s, spin };
    };
    expect((await rulesOf('fortune-ox')).spin.rules).toBe(1);
    const { s, spin } = await rulesOf('carnival-lines');
    expect(spin.rules).toBe(3);
    // A round played under rules 1 (the column's default, as every round before migration 0068) with its win.
    await t.database.db.execute(
      sql`update studio_rounds set rules = default, win = 1234 where id = ${spin.roundId}`,
    );
    const again = studioRound.parse(
      data(await t.app.inject({ url: `/api/studio/rounds/${spin.roundId}?session=${s.session}` })),
    );
    expect(again).toMatchObject({ rules: 1, win: 12.34, steps: spin.steps });
  });

  it('pays every win exactly what the served paytable says, free spins and cascades included', async () => {
    for (const game of ['fortune-ox', 'carnival-lines', 'candy-cascade'] as const) {
      const s = studioSession.parse(data(await post('/api/studio/session', { game, demo: true })));
      const { paytable, kind, lines } = s.game;
      // The paytable is in multiples of the line bet on lines games (contracts' studioGameInfo), else of the bet.
      const unit = kind === 'lines5x3' ? 200 / lines.length : 200;
      let wins = 0;
      for (let i = 0; i < 400 && wins < 30; i++) {
        const spin = studioSpin.parse(data(await post('/api/studio/spin', { session: s.session, bet: 2 })));
        for (const step of spin.steps) {
          for (const w of step.wins) {
            // The tier of a count: the largest count the paytable names at or below it (pays anywhere: 8, 10, 12).
            const tiers = Object.keys(paytable[w.symbol]!).map(Number);
            const tier = Math.max(...tiers.filter((n) => n <= w.count));
            expect(Math.round(w.amount * 100), `${game} ${w.symbol}×${w.count}`).toBe(
              Math.round(paytable[w.symbol]![String(tier)]! * unit),
            );
            wins++;
          }
          const sum = step.wins.reduce((a, w) => a + Math.round(w.amount * 100), 0);
          expect(Math.round(step.win * 100)).toBe(sum * step.multiplier);
        }
        expect(Math.round(spin.win * 100)).toBe(spin.steps.reduce((a, x) => a + Math.round(x.win * 100), 0));
      }
      expect(wins).toBeGreaterThan(0);
    }
  }, 120_000);

  it('spins of one player at once each take a nonce of their own and verify from the revealed seed', async () => {
    const p = await player(10_000);
    const game = 'carnival-lines';
    const token = await launch(p.token, game);
    const s = studioSession.parse(data(await post('/api/studio/session', { token, game })));
    const spins = await Promise.all(
      Array.from({ length: 8 }, async () =>
        studioSpin.parse(data(await post('/api/studio/spin', { session: s.session, bet: 1 }))),
      ),
    );
    expect(new Set(spins.map((x) => x.nonce)).size).toBe(8);
    expect(spins.map((x) => x.nonce).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const won = spins.reduce((sum, x) => sum + Math.round(x.win * 100), 0);
    const cash = (await playerAccounts(t.database.db, p.id)).find((a) => a.kind === 'cash');
    expect(cash!.balance).toBe(10_000 - 8 * 100 + won);
    const rotated = data<{ revealed: { serverSeed: string }; current: { nonce: number } }>(
      await post('/api/studio/fairness/rotate', { session: s.session }),
    );
    expect(rotated.current.nonce).toBe(0);
    for (const x of spins) {
      const again = spinSlot(STUDIO_SLOTS[game]!, {
        serverSeed: rotated.revealed.serverSeed,
        clientSeed: x.clientSeed,
        nonce: x.nonce,
      });
      expect(x.steps.map((st) => st.stops)).toEqual(again.steps.map((st) => st.stops));
      expect(Math.round(x.win * 100)).toBe((again.units * 100) / STUDIO_SLOTS[game]!.unitsPerBet);
    }
  });

  it('delivers a win the wallet could not take at once with the next spin, the same win counted once', async () => {
    const p = await player(10_000);
    const token = await launch(p.token, 'fortune-ox');
    const real = createWalletClient(t.app.config.casino.studioWalletUrl, t.app.config.casino.studioSecret, 1);
    let failWins = 1;
    // The network between the studio and the wallet drops the first win.
    const flaky: WalletClient = {
      call: (path, body) =>
        path === 'transaction/win' && failWins-- > 0
          ? Promise.reject(new WalletUnreachable('network down'))
          : real.call(path, body),
      close: () => real.close(),
    };
    const studio = createStudioService({
      database: t.database,
      wallet: flaky,
      vault: createSeedVault(undefined),
    });
    const s = await studio.open({ token, game: 'fortune-ox' });
    await expect(studio.spin({ session: s.session, bet: 1 })).rejects.toMatchObject({ code: 50300 });
    const read = await t.database.db.execute(
      sql`select id, win, state from studio_rounds where session_id = ${s.session}`,
    );
    const [first] = (read as unknown as { rows: { id: string; win: string; state: string }[] }).rows;
    // Its bet was taken; its win is owed.
    expect(first!.state).toBe('placed');
    expect(await studio.rounds(s.session)).toEqual([]);
    const next = await studio.spin({ session: s.session, bet: 1 });
    const recall = await studio.rounds(s.session);
    expect(recall.map((r) => r.roundId)).toEqual([next.roundId, String(first!.id)]);
    expect(Math.round(next.balance * 100)).toBe(
      10_000 - 200 + Number(first!.win) + Math.round(next.win * 100),
    );
    flaky.close();
  });

  it('pays a win the wallet could not take at once from the minute job, though the player never spins again', async () => {
    const p = await player(10_000);
    const token = await launch(p.token, 'fortune-ox');
    const real = createWalletClient(t.app.config.casino.studioWalletUrl, t.app.config.casino.studioSecret, 1);
    let down = true;
    const flaky: WalletClient = {
      call: (path, body) =>
        path === 'transaction/win' && down
          ? Promise.reject(new WalletUnreachable('network down'))
          : real.call(path, body),
      close: () => real.close(),
    };
    const studio = createStudioService({
      database: t.database,
      wallet: flaky,
      vault: createSeedVault(undefined),
    });
    const s = await studio.open({ token, game: 'fortune-ox' });
    await expect(studio.spin({ session: s.session, bet: 1 })).rejects.toMatchObject({ code: 50300 });
    const state = async () =>
      (
        (await t.database.db.execute(
          sql`select win, state from studio_rounds where session_id = ${s.session}`,
        )) as unknown as { rows: { win: string; state: string }[] }
      ).rows[0]!;
    expect((await state()).state).toBe('placed');
    // Still down: the job leaves it owed.
    expect(await studio.payAllPending()).toBeGreaterThan(0);
    expect((await state()).state).toBe('placed');
    down = false;
    await studio.payAllPending();
    const round = await state();
    expect(round.state).not.toBe('placed');
    const cash = (await playerAccounts(t.database.db, p.id)).find((a) => a.kind === 'cash');
    expect(cash?.balance).toBe(10_000 - 100 + Number(round.win));
    flaky.close();
  });

  /**
   * A studio whose `path` call (the first one only) is cut off as if its process died there: the call is sent
   * to the wallet or not (`sent`), and never answered. Resolves `stuck` once the call is made.
   */
  function crashingStudio(path: 'transaction/bet' | 'transaction/win', sent: boolean) {
    const real = createWalletClient(t.app.config.casino.studioWalletUrl, t.app.config.casino.studioSecret, 1);
    let crash = true;
    let stuck!: () => void;
    const reached = new Promise<void>((resolve) => (stuck = resolve));
    const wallet: WalletClient = {
      call: async (p, body) => {
        if (p !== path || !crash) return real.call(p, body);
        crash = false;
        if (sent) await real.call(p, body);
        stuck();
        return new Promise<never>(() => undefined);
      },
      close: () => real.close(),
    };
    const studio = createStudioService({ database: t.database, wallet, vault: createSeedVault(undefined) });
    return { studio, real, reached };
  }

  const roundRow = async (session: string) => {
    const read = await t.database.db.execute(
      sql`select id, bet, win, state from studio_rounds where session_id = ${session} order by id limit 1`,
    );
    const [row] = (read as unknown as { rows: { id: string; bet: string; win: string; state: string }[] })
      .rows;
    return { id: String(row!.id), bet: Number(row!.bet), win: Number(row!.win), state: row!.state };
  };
  /** The round's age as a crash long ago would have left it. */
  const ageRound = (id: string) =>
    t.database.db.execute(
      sql`update studio_rounds set created_at = now() - interval '3 minutes' where id = ${id}`,
    );

  it.each([
    ['before its win was sent', false],
    ['after its win was taken', true],
  ])('finishes a round a crash left open %s: the win its seeds gave, paid once', async (_, sent) => {
    const p = await player(10_000);
    const token = await launch(p.token, 'fortune-ox');
    const { studio, real, reached } = crashingStudio('transaction/win', sent);
    const s = await studio.open({ token, game: 'fortune-ox' });
    void studio.spin({ session: s.session, bet: 1 });
    await reached;
    const first = await roundRow(s.session);
    expect(first.state).toBe('open');
    // A round that young may be a spin still at work: left alone.
    const second = await studio.spin({ session: s.session, bet: 1 });
    expect((await roundRow(s.session)).state).toBe('open');
    await ageRound(first.id);
    const third = await studio.spin({ session: s.session, bet: 1 });
    expect((await roundRow(s.session)).state).toBe('settled');
    const cents = (x: number) => Math.round(x * 100);
    expect(cents(third.balance)).toBe(10_000 - 300 + first.win + cents(second.win) + cents(third.win));
    const recalled = await studio.round(first.id, s.session);
    // The balance before, from the bet's first answer: the player's 100.00. The balance after, when the win
    // was taken: before the second spin, or with the second spin in it.
    expect(cents(recalled.balanceBefore)).toBe(10_000);
    expect(cents(recalled.balanceAfter)).toBe(
      10_000 - 100 + first.win - (sent ? 0 : 100 - cents(second.win)),
    );
    // Later spins deliver nothing twice.
    const fourth = await studio.spin({ session: s.session, bet: 1 });
    expect(cents(fourth.balance)).toBe(cents(third.balance) - 100 + cents(fourth.win));
    real.close();
  });

  it('rolls back a round a crash left open before its bet arrived; the bet can no longer arrive', async () => {
    const p = await player(10_000);
    const token = await launch(p.token, 'candy-cascade');
    const { studio, real, reached } = crashingStudio('transaction/bet', false);
    const s = await studio.open({ token, game: 'candy-cascade' });
    void studio.spin({ session: s.session, bet: 1 });
    await reached;
    const first = await roundRow(s.session);
    await ageRound(first.id);
    const next = await studio.spin({ session: s.session, bet: 1 });
    expect((await roundRow(s.session)).state).toBe('rolled_back');
    expect(Math.round(next.balance * 100)).toBe(10_000 - 100 + Math.round(next.win * 100));
    // The bet the crash cut off, arriving late, is refused: nothing moves.
    const late = await real.call('transaction/bet', {
      token,
      round: first.id,
      game_code: 'candy-cascade',
      currency: 'BRL',
      request_uuid: crypto.randomUUID(),
      transaction_uuid: `${first.id}-bet`,
      round_closed: false,
      amount: first.bet,
    });
    expect(late.status).not.toBe('RS_OK');
    expect(late.balance).toBe(Math.round(next.balance * 100));
    real.close();
  });
});
