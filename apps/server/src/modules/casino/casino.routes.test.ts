import crypto from 'node:crypto';
import { casinoGame, casinoLobby, casinoProvider, operatorCasinoGame } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, testOperators } from '../../../test/helpers';
import { casinoClient } from './casino.testing';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof casinoClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = casinoClient(t.app, t.database);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const op = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = c.operator,
) => t.app.inject({ method, url: `/api/operator/casino${url}`, headers, ...(payload ? { payload } : {}) });

describe('casino: providers and games as configuration', () => {
  it('adds a provider without ever answering its secret, audited, behind a permission', async () => {
    const secret = 'a-very-long-provider-secret';
    const res = await op('POST', '/providers', { code: 'acme', name: 'Acme Games', secret });
    expect(res.statusCode, res.body).toBe(200);
    expect(casinoProvider.parse(res.json().data)).toMatchObject({
      code: 'acme',
      name: 'Acme Games',
      games: 0,
    });
    expect(res.body).not.toContain(secret);
    const list = await op('GET', '/providers');
    expect(list.body).not.toContain(secret);
    expect(list.json().data.map((p: { code: string }) => p.code)).toContain('acme');
    const audit = await t.database.db.execute(
      sql`select action, target, after::text as after from operator_audit where target = 'casinoProvider:acme'`,
    );
    const rows = (audit as unknown as { rows: { action: string; after: string }[] }).rows;
    expect(rows.map((r) => r.action)).toEqual(['casino.manage']);
    expect(rows[0]!.after).not.toContain(secret);
    expect(
      (await op('POST', '/providers', { code: 'acme', name: 'x', secret }, {} as never)).statusCode,
    ).toBe(401);
    const bad = await op('POST', '/providers', { code: 'Bad Code', name: 'x', secret: 'short' });
    expect(bad.statusCode).toBe(400);
  });

  it('adds games, orders, disables and marks them hot; the lobby filters by category, search and provider', async () => {
    const game = (gameCode: string, name: string, category: string) =>
      op('POST', '/providers/acme/games', {
        gameCode,
        name,
        category,
        rtp: 96.2,
        thumbnail: `/img/${gameCode}.png`,
        launchUrl: `https://acme.example/launch?g=${gameCode}`,
      });
    expect(casinoGame.parse((await game('acme-tiger', 'Lucky Tiger', 'slots')).json().data)).toMatchObject({
      provider: 'acme',
      providerName: 'Acme Games',
      rtp: 96.2,
      enabled: true,
      hot: false,
    });
    await game('acme-roulette', 'Roulette Royale', 'table');
    await game('acme-mouse', 'Fortune Mouse', 'slots');
    expect((await game('x', 'y', 'nonsense')).statusCode).toBe(400);
    expect(
      (
        await op('POST', '/providers/nobody/games', {
          gameCode: 'zz',
          name: 'z',
          category: 'slots',
          rtp: 95,
          thumbnail: '',
          launchUrl: '/z',
        })
      ).statusCode,
    ).toBe(404);
    expect((await op('POST', '/games/acme-mouse', { sort: 1, hot: true, version: 1 })).statusCode).toBe(200);
    expect((await op('POST', '/games/acme-roulette', { enabled: false, version: 1 })).statusCode).toBe(200);

    const lobby = async (q = '') =>
      casinoLobby.parse((await t.app.inject({ url: `/api/app/casino/games${q}` })).json().data);
    const all = await lobby('?provider=acme');
    expect(all.games.map((g) => g.gameCode)).toEqual(['acme-mouse', 'acme-tiger']);
    expect(all.categories).toContainEqual({ category: 'slots', count: expect.any(Number) });
    expect((await lobby('?q=tiger&provider=acme')).games.map((g) => g.gameCode)).toEqual(['acme-tiger']);
    // By the studio's name too, whatever accents, case or spaces the player types.
    const found = async (q: string) =>
      (await lobby(`?q=${encodeURIComponent(q)}&provider=acme`)).games.map((g) => g.gameCode);
    expect(await found('ACME  gámes')).toEqual(['acme-mouse', 'acme-tiger']);
    expect(await found(' fortune   mouse ')).toEqual(['acme-mouse']);
    expect(await found('tigre')).toEqual([]);
    expect((await lobby('?category=table&provider=acme')).games).toEqual([]);
    const hot = await t.app.inject({ url: '/api/app/casino/hot' });
    expect(hot.json().data.map((g: { gameCode: string }) => g.gameCode)).toContain('acme-mouse');
  });
});

describe('casino: launch', () => {
  it('answers the game URL with a one-time token bound to the player; a demo needs no sign-in and no token', async () => {
    const pl = await c.signUp('l');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/casino/launch',
      headers: { authorization: `Bearer ${pl.token}`, lang: 'en' },
      payload: { gameCode: 'acme-tiger' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().data.url);
    expect(url.origin + url.pathname).toBe('https://acme.example/launch');
    expect(url.searchParams.get('g')).toBe('acme-tiger');
    expect(url.searchParams.get('currency')).toBe('BRL');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{32}$/);
    const demo = await t.app.inject({
      method: 'POST',
      url: '/api/app/casino/launch',
      payload: { gameCode: 'acme-tiger', demo: true },
    });
    expect(demo.json().data).toMatchObject({ demo: true });
    expect(new URL(demo.json().data.url).searchParams.get('token')).toBeNull();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/app/casino/launch',
      payload: { gameCode: 'acme-tiger' },
    });
    expect(anonymous.statusCode).toBe(401);
    const disabled = await t.app.inject({
      method: 'POST',
      url: '/api/app/casino/launch',
      headers: { authorization: `Bearer ${pl.token}`, lang: 'en' },
      payload: { gameCode: 'acme-roulette' },
    });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json().message).toBe('This game does not exist or is not available');
  });
});

describe('casino: a provider signing with RSA (Hub88)', () => {
  it('verifies RSA-SHA256 signatures of the raw body with its public key, refuses others', async () => {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const made = await op('POST', '/providers', { code: 'rsaco', name: 'RSA Co', publicKey: pem });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.signature).toBe('rsa');
    expect((await op('POST', '/providers', { code: 'none', name: 'x' })).statusCode).toBe(400);
    expect((await op('POST', '/providers', { code: 'bad', name: 'x', publicKey: 'nope' })).statusCode).toBe(
      400,
    );
    // Shaped like a PEM but no key: refused with the message, never stored to fail every later call.
    const broken = await op('POST', '/providers', {
      code: 'broken',
      name: 'x',
      publicKey: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----',
    });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().message).toBe('A chave pública deve estar em PEM (BEGIN PUBLIC KEY)');
    // A key of another kind (Ed25519: its calls threw, HTTP 500) or a short RSA key: refused, nothing stored.
    for (const other of [
      crypto.generateKeyPairSync('ed25519').publicKey,
      crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey,
    ]) {
      const res = await op('POST', '/providers', {
        code: 'weakkey',
        name: 'x',
        publicKey: other.export({ type: 'spki', format: 'pem' }).toString(),
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(
      (await op('GET', '/providers')).json().data.some((x: { code: string }) => x.code === 'weakkey'),
    ).toBe(false);
    expect(
      (await op('POST', '/providers/broken/secret', { secret: 'x'.repeat(20), version: 1 })).statusCode,
    ).toBe(404);
    await op('POST', '/providers/rsaco/games', {
      gameCode: 'rsaco-slot',
      name: 'RSA Slot',
      category: 'slots',
      rtp: 96,
      thumbnail: '',
      launchUrl: 'https://rsa.example/play',
    });
    const pl = await c.launched('rsaco-slot', 1_000);
    const raw = JSON.stringify({ request_uuid: 'r1', token: pl.gameToken });
    const send = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/provider/rsaco/user/balance',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        payload: raw,
      });
    const good = await send(crypto.sign('sha256', Buffer.from(raw), privateKey).toString('base64'));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ status: 'RS_OK', balance: 1_000 });
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await send(crypto.sign('sha256', Buffer.from(raw), other).toString('base64'));
    expect(forged.statusCode).toBe(200);
    expect(forged.json().status).toBe('RS_ERROR_INVALID_SIGNATURE');
  });
});

describe('casino: stale back-office forms (409 staleVersion)', () => {
  const STALE = 'Outro operador alterou este registro; recarregue';
  const auditOf = async (target: string) =>
    (
      (await t.database.db.execute(
        sql`select outcome, http_status, reason, before, after from operator_audit
            where target = ${target} order by id`,
      )) as unknown as {
        rows: {
          outcome: string;
          http_status: number;
          reason: string | null;
          before: Record<string, unknown> | null;
          after: Record<string, unknown> | null;
        }[];
      }
    ).rows;
  const games = async () =>
    operatorCasinoGame.array().parse((await op('GET', '/games')).json().data as unknown[]);

  it('lists every game with its version, disabled ones too, for casino.read', async () => {
    const p = await c.provider();
    expect((await op('POST', `/games/${p.gameCode}`, { enabled: false, version: 1 })).statusCode).toBe(200);
    expect((await games()).find((g) => g.gameCode === p.gameCode)).toMatchObject({
      enabled: false,
      version: 2,
    });
    const support = await testOperators(t.app).signIn('support');
    expect((await op('GET', '/games', undefined, support.headers)).statusCode).toBe(200);
    expect(
      (await op('POST', `/games/${p.gameCode}`, { enabled: true, version: 2 }, support.headers)).statusCode,
    ).toBe(403);
  });

  it('two edits of a game from the same version: the second is refused, nothing changed, audited as failed', async () => {
    const p = await c.provider();
    const read = (await games()).find((g) => g.gameCode === p.gameCode)!;
    const first = await op('POST', `/games/${p.gameCode}`, { hot: true, version: read.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ hot: true, sort: read.sort, version: read.version + 1 });
    const second = await op('POST', `/games/${p.gameCode}`, {
      sort: 7,
      category: 'table',
      version: read.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(STALE);
    expect((await games()).find((g) => g.gameCode === p.gameCode)).toMatchObject({
      hot: true,
      sort: read.sort,
      category: read.category,
      version: read.version + 1,
    });
    const audit = await auditOf(`casinoGame:${p.gameCode}`);
    // The provider helper's upsert, the kept edit, the refused one.
    expect(audit.map((a) => a.outcome)).toEqual(['ok', 'ok', 'failed']);
    expect(audit[1]!.before).toMatchObject({ hot: false, version: read.version });
    expect(audit[1]!.after).toMatchObject({ hot: true, version: read.version + 1 });
    expect(audit[2]).toMatchObject({ http_status: 409, reason: 'staleVersion', after: null });
  });

  it('two edits of one version at once: one is kept, the other refused', async () => {
    const p = await c.provider();
    const answers = await Promise.all([
      op('POST', `/games/${p.gameCode}`, { sort: 11, version: 1 }),
      op('POST', `/games/${p.gameCode}`, { sort: 22, version: 1 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const kept = answers.find((r) => r.statusCode === 200)!.json().data.sort;
    expect((await games()).find((g) => g.gameCode === p.gameCode)).toMatchObject({ sort: kept, version: 2 });
  });

  it('two key rotations from the same version: the second is refused and the first key stays', async () => {
    const p = await c.provider();
    const read = (await op('GET', '/providers')).json().data.find((x: { code: string }) => x.code === p.code);
    expect(read.version).toBe(1);
    const rotate = (secret: string) =>
      op('POST', `/providers/${p.code}/secret`, { secret, version: read.version as number });
    expect((await rotate('first-new-secret-value')).json().data.version).toBe(2);
    const stored = async () =>
      (
        (await t.database.db.execute(
          sql`select secret, version from casino_providers where code = ${p.code}`,
        )) as unknown as { rows: { secret: string; version: number }[] }
      ).rows[0]!;
    const kept = await stored();
    const second = await rotate('second-new-secret-value');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(STALE);
    expect(await stored()).toEqual(kept);
    expect((await auditOf(`casinoProvider:${p.code}`)).map((a) => `${a.outcome}:${a.http_status}`)).toEqual([
      'ok:200',
      'ok:200',
      'failed:409',
    ]);
  });

  it('a new provider’s or game’s form (version 0) never overwrites an existing one', async () => {
    const p = await c.provider();
    const again = await op('POST', '/providers', {
      code: p.code,
      name: 'Someone else',
      secret: 'x'.repeat(20),
      version: 0,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(STALE);
    const list = (await op('GET', '/providers')).json().data as { code: string; name: string }[];
    expect(list.find((x) => x.code === p.code)!.name).toBe(`Provider ${p.code}`);
    const game = {
      gameCode: p.gameCode,
      name: 'Other',
      category: 'slots',
      rtp: 90,
      thumbnail: '',
      launchUrl: '/x',
    };
    expect((await op('POST', `/providers/${p.code}/games`, { ...game, version: 0 })).statusCode).toBe(409);
    expect((await op('POST', `/providers/${p.code}/games`, { ...game, version: 2 })).statusCode).toBe(409);
    expect((await games()).find((g) => g.gameCode === p.gameCode)).toMatchObject({
      name: 'Test Slot',
      version: 1,
    });
    const replaced = await op('POST', `/providers/${p.code}/games`, { ...game, version: 1 });
    expect(replaced.json().data).toMatchObject({ name: 'Other', version: 2 });
  });
});
