import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OPERATOR_CASINO_PATH, PROVIDER_PATH } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testOperators } from '../../../test/helpers';
import { casinoClient, uid } from './casino.testing';
import { signWalletBody } from './casino.wallet';
import { createSecretBox } from '../../platform/secret-box';

/**
 * Providers' secrets sealed at rest (AES-256-GCM with CASINO_SECRET_KEY), never answered nor audited, rotated by
 * an operator; and the app's CSP letting /play frame the game servers of enabled games, and nothing else.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let c: ReturnType<typeof casinoClient>;
let webDist: string;

beforeAll(async () => {
  // The player app's page, so the test reads the headers the browser gets with it.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aposta-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Aposta</title>');
  t = await createTestApp({ WEB_DIST: webDist, CASINO_SECRET_KEY: 'c0'.repeat(32) });
  c = casinoClient(t.app, t.database);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const rowsOf = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

const secretOf = async (code: string) =>
  (await rowsOf<{ secret: string }>(sql`select secret from casino_providers where code = ${code}`))[0]!
    .secret;

/** A signed user/info of a launched player; its status says whether the signature was accepted. */
async function infoSignedWith(code: string, secret: string, token: string) {
  const raw = JSON.stringify({ request_uuid: uid('q'), token });
  const res = await t.app.inject({
    method: 'POST',
    url: `${PROVIDER_PATH}/${code}/user/info`,
    headers: { 'content-type': 'application/json', 'x-signature': signWalletBody(secret, raw) },
    payload: raw,
  });
  return res.json().status as string;
}

describe('casino: providers’ secrets at rest', () => {
  it('stores the secret sealed, never answers it, and the signatures still check', async () => {
    const p = await c.provider();
    const stored = await secretOf(p.code);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(p.secret);
    // Nor in any encoding of it a careless column could hold.
    expect(stored).not.toContain(Buffer.from(p.secret).toString('base64'));
    const list = await t.app.inject({ url: `${OPERATOR_CASINO_PATH}/providers`, headers: c.operator });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(p.secret);
    expect(list.body).not.toContain(stored);
    const pl = await c.launched(p.gameCode, 10_00);
    expect(await infoSignedWith(p.code, p.secret, pl.gameToken)).toBe('RS_OK');
    expect(await infoSignedWith(p.code, 'not-the-secret-at-all', pl.gameToken)).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
  });

  it('refuses a plain secret written to the database', async () => {
    await expect(
      t.database.db.execute(
        sql`insert into casino_providers (code, name, secret) values ('plainp', 'Plain', 'a plain secret value')`,
      ),
    ).rejects.toThrow();
  });

  it('seals the rows stored in plain text before (the start-up step of the migration), once', async () => {
    const p = await c.provider();
    const pl = await c.launched(p.gameCode, 10_00);
    // The state an older database is in after migration 0038: plain rows, the check not yet validated.
    await t.database.db.execute(
      sql`alter table casino_providers drop constraint casino_providers_secret_sealed`,
    );
    await t.database.db.execute(sql`update casino_providers set secret = ${p.secret} where code = ${p.code}`);
    await t.database.db.execute(
      sql`alter table casino_providers add constraint casino_providers_secret_sealed
          check (secret = '' or secret like 'v1:%') not valid`,
    );
    expect(await t.app.casino.catalogue.sealPlainSecrets()).toBe(1);
    expect(await t.app.casino.catalogue.sealPlainSecrets()).toBe(0);
    const stored = await secretOf(p.code);
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain(p.secret);
    const [check] = await rowsOf<{ convalidated: boolean }>(
      sql`select convalidated from pg_constraint where conname = 'casino_providers_secret_sealed'`,
    );
    expect(check!.convalidated).toBe(true);
    expect(await infoSignedWith(p.code, p.secret, pl.gameToken)).toBe('RS_OK');
  });

  it('refuses to start on a key that cannot open a stored secret, naming the provider', async () => {
    const p = await c.provider();
    const before = await secretOf(p.code);
    const other = createSecretBox(crypto.randomBytes(32)).seal(p.secret);
    await t.database.db.execute(sql`update casino_providers set secret = ${other} where code = ${p.code}`);
    try {
      await expect(t.app.casino.catalogue.sealPlainSecrets()).rejects.toThrow(p.code);
    } finally {
      await t.database.db.execute(sql`update casino_providers set secret = ${before} where code = ${p.code}`);
    }
    expect(await t.app.casino.catalogue.sealPlainSecrets()).toBe(0);
  });

  it('rotates a secret: the old one stops, the new one signs, and the audit row holds neither', async () => {
    const p = await c.provider();
    const pl = await c.launched(p.gameCode, 10_00);
    const fresh = crypto.randomBytes(24).toString('hex');
    const rotate = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/providers/${p.code}/secret`,
      headers: c.operator,
      payload: { secret: fresh, version: 1 },
    });
    expect(rotate.statusCode, rotate.body).toBe(200);
    expect(rotate.body).not.toContain(fresh);
    expect(rotate.json().data).toMatchObject({ code: p.code, signature: 'hmac' });
    expect(await infoSignedWith(p.code, p.secret, pl.gameToken)).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect(await infoSignedWith(p.code, fresh, pl.gameToken)).toBe('RS_OK');
    expect(await secretOf(p.code)).not.toContain(fresh);

    const audit = await rowsOf<{ request: string; after: unknown }>(
      sql`select request, after from operator_audit where target = ${`casinoProvider:${p.code}`} order by id`,
    );
    expect(audit.map((a) => a.request)).toEqual([
      `POST ${OPERATOR_CASINO_PATH}/providers`,
      `POST ${OPERATOR_CASINO_PATH}/providers/${p.code}/secret`,
    ]);
    expect(audit[1]!.after).toEqual({ signature: 'hmac', keyReplaced: true });
    const everything = JSON.stringify(await rowsOf(sql`select * from operator_audit`));
    expect(everything).not.toContain(fresh);
    expect(everything).not.toContain(p.secret);
  });

  it('refuses a rotation of an unknown provider, a short secret, and an operator without casino.manage', async () => {
    const p = await c.provider();
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/providers/nobody-here/secret`,
      headers: c.operator,
      payload: { secret: 'x'.repeat(32), version: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    const short = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/providers/${p.code}/secret`,
      headers: c.operator,
      payload: { secret: 'short', version: 1 },
    });
    expect(short.statusCode).toBe(400);
    const support = await testOperators(t.app).signIn('support');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/providers/${p.code}/secret`,
      headers: support.headers,
      payload: { secret: 'y'.repeat(32), version: 1 },
    });
    expect(refused.statusCode).toBe(403);
    const pl = await c.launched(p.gameCode, 10_00);
    expect(await infoSignedWith(p.code, p.secret, pl.gameToken)).toBe('RS_OK');
  });
});

describe('casino: calls to codes that are no provider', () => {
  it('answers them invalid and keeps nothing of them in memory; a real provider’s key stays cached', async () => {
    const p = await c.provider();
    const pl = await c.launched(p.gameCode, 10_00);
    expect(await infoSignedWith(p.code, p.secret, pl.gameToken)).toBe('RS_OK');
    const held = t.app.casino.catalogue.keysHeld();
    expect(held).toBeGreaterThanOrEqual(1);
    // Anybody can post to any code, unsigned: none may leave an entry behind (random codes filled the heap).
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        infoSignedWith(crypto.randomBytes(12).toString('hex'), 'x'.repeat(32), pl.gameToken),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set(['RS_ERROR_INVALID_SIGNATURE']));
    expect(t.app.casino.catalogue.keysHeld()).toBe(held);
    expect(await infoSignedWith(p.code, p.secret, pl.gameToken)).toBe('RS_OK');
  });
});

describe('casino: the CSP frames enabled providers’ game servers only', () => {
  const frameSrc = async () => {
    const res = await t.app.inject({ url: '/casino' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = String(res.headers['content-security-policy']);
    const directive = csp.split(';').find((d) => d.trim().startsWith('frame-src'))!;
    return directive.trim().split(/\s+/).slice(1);
  };

  it('adds a new provider’s origin, leaves unknown ones out, drops it when its game is disabled', async () => {
    const p = await c.provider();
    const origin = `https://${p.code}.games-cdn.example:8443`;
    const game = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/providers/${p.code}/games`,
      headers: c.operator,
      payload: {
        gameCode: `${p.code}-frame`,
        name: 'Framed Slot',
        category: 'slots',
        rtp: 96,
        thumbnail: '/t.png',
        launchUrl: `${origin}/launch?lobby=1`,
      },
    });
    expect(game.statusCode, game.body).toBe(200);
    const sources = await frameSrc();
    expect(sources).toContain("'self'");
    expect(sources).toContain(origin);
    expect(sources).toContain('https://games.example.com');
    expect(sources).not.toContain('https://evil.example.net');
    expect(sources.some((s) => s.includes('*'))).toBe(false);

    const off = await t.app.inject({
      method: 'POST',
      url: `${OPERATOR_CASINO_PATH}/games/${p.code}-frame`,
      headers: c.operator,
      payload: { enabled: false, version: 1 },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await frameSrc()).not.toContain(origin);
  });

  it('never lets a wildcard, credentials or CSP syntax in from a launch URL', async () => {
    const p = await c.provider();
    const add = (i: number, launchUrl: string, thumbnail = '') =>
      t.app.inject({
        method: 'POST',
        url: `${OPERATOR_CASINO_PATH}/providers/${p.code}/games`,
        headers: c.operator,
        payload: {
          gameCode: `${p.code}-bad${i}`,
          name: 'Bad',
          category: 'slots',
          rtp: 96,
          thumbnail,
          launchUrl,
        },
      });
    for (const [i, launchUrl] of [
      'https://*.wild.example/launch',
      'https://user:pw@creds.example/launch',
      'https://semi.example;script-src/launch',
    ].entries()) {
      const res = await add(i, launchUrl);
      expect(res.statusCode, res.body).toBe(200);
    }
    const sources = await frameSrc();
    expect(sources.some((s) => /\*|creds|wild|semi|javascript|script-src/.test(s))).toBe(false);

    // A link the /play frame or an image would run in our origin is refused outright, and nothing is stored.
    for (const [i, [launchUrl, thumbnail]] of [
      ['javascript:alert(1)', ''],
      ['data:text/html,<script>alert(1)</script>', ''],
      ['//evil.example/launch', ''],
      ['/ok', 'javascript:alert(1)'],
    ].entries()) {
      const res = await add(10 + i, launchUrl!, thumbnail);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        'O link deve ser um endereço http(s) ou um caminho deste site (começando com /)',
      );
      const games = await t.app.inject({ url: `/api/app/casino/games?provider=${p.code}` });
      expect(games.json().data.games.map((g: { gameCode: string }) => g.gameCode)).not.toContain(
        `${p.code}-bad${10 + i}`,
      );
    }
  });
});
