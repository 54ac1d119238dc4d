import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose } from './helpers';
import {
  paymentsClient,
  SANDBOX_SECRET,
  type Player,
  type TestApp,
} from '../src/modules/payments/payments.test-client';

/**
 * Web push, black box: the real app, a real sandbox deposit and a real paid withdrawal, and a real local HTTP
 * server standing in for a browser's push service. It records the encrypted requests; the test decrypts them
 * with the "browser's" keys (RFC 8291) and checks the VAPID signature (RFC 8292), as a push service would.
 */

interface Recorded {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const b64u = (buf: Buffer) => buf.toString('base64url');

/** A browser's subscription keys: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: b64u(ecdh.getPublicKey()), auth: crypto.randomBytes(16) };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push body (RFC 8291 / RFC 8188, one record) with the browser's keys. */
function decrypt(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = keys.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(keys.auth, secret), Buffer.concat([info, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 then zero padding.
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` as a push service does; answers the JWT's claims. */
function verifyVapid(header: string | undefined, publicKey: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  expect(match, header).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const [h, p, s] = jwt!.split('.');
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  );
  expect(valid).toBe(true);
  expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
  expect(claims.aud).toBe(origin);
  expect(claims.sub).toMatch(/^mailto:|^https:/);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
  return claims;
}

let t: TestApp;
let c: ReturnType<typeof paymentsClient>;
let recorder: http.Server;
let origin = '';
const recorded: Recorded[] = [];

beforeAll(async () => {
  recorder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      recorded.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      // A subscription the browser dropped: the push service answers 410 Gone.
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  // The push job is picked up within half a second (the default poll is 2 s).
  t = await createTestApp({
    SANDBOX_PIX_SECRET: SANDBOX_SECRET,
    PUBLIC_URL: 'http://localhost:3500',
    JOBS_POLL_SECONDS: '0.5',
  });
  c = paymentsClient(t);
  await c.setSettings({ 'wagering.depositMultiplier': 0 });
});
afterAll(async () => {
  await new Promise((resolve) => recorder.close(resolve));
  await expectCleanLedgerThenClose(t.database, t.close);
});

const subscription = (path: string, keys: BrowserKeys) => ({
  endpoint: `${origin}${path}`,
  expirationTime: null,
  keys: { p256dh: keys.p256dh, auth: b64u(keys.auth) },
});

const subscribe = (p: Player, body: unknown, lang = 'pt_BR') =>
  t.app.inject({
    method: 'POST',
    url: '/api/app/push/subscribe',
    headers: { authorization: `Bearer ${p.token}`, lang },
    payload: body as Record<string, unknown>,
  });

const unsubscribe = (p: Player, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/app/push/subscribe',
    headers: { authorization: `Bearer ${p.token}` },
    payload: { endpoint },
  });

const publicKey = async () => (await c.call('GET', '/api/app/push/key')).json().data.publicKey as string;

/** The requests the recorder got on `path`, once at least `count` arrived (the job runs in the background). */
async function pushesTo(path: string, count = 1) {
  await vi.waitFor(
    () => expect(recorded.filter((r) => r.path === path).length).toBeGreaterThanOrEqual(count),
    {
      timeout: 20_000,
      interval: 100,
    },
  );
  return recorded.filter((r) => r.path === path);
}

describe('push subscriptions', () => {
  it('serves the VAPID public key to anyone (a P-256 point, base64url)', async () => {
    const key = await publicKey();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
  });

  it('needs a session, refuses a malformed subscription in the player language, changes nothing', async () => {
    const p = await c.signUp();
    const keys = browserKeys();
    const none = await c.call('POST', '/api/app/push/subscribe', undefined, subscription('/x', keys));
    expect(none.statusCode).toBe(401);
    const bad = await subscribe(p, { endpoint: `${origin}/bad`, keys: { p256dh: 'short', auth: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Este navegador enviou uma inscrição de notificações inválida');
    const file = await subscribe(p, { ...subscription('/x', keys), endpoint: 'ftp://127.0.0.1/x' }, 'en');
    expect(file.statusCode).toBe(400);
    expect(file.json().message).toBe('This browser gave an invalid notification subscription');
    expect(await t.app.push.endpointsOf(p.userId)).toEqual([]);
  });

  it('a player removes only their own subscription; a browser signed in by another player moves to them', async () => {
    const a = await c.signUp();
    const b = await c.signUp();
    const keys = browserKeys();
    const sub = subscription(`/own/${a.userId}`, keys);
    expect((await subscribe(a, sub)).json().data).toEqual({ subscribed: true });
    // B cannot remove A's subscription.
    const theirs = await unsubscribe(b, sub.endpoint);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data).toEqual({ removed: false });
    expect(await t.app.push.endpointsOf(a.userId)).toEqual([sub.endpoint]);
    // Subscribing twice keeps one row.
    await subscribe(a, sub);
    expect(await t.app.push.endpointsOf(a.userId)).toEqual([sub.endpoint]);
    // B signs in on the same browser and subscribes: the browser now notifies B only.
    await subscribe(b, sub);
    expect(await t.app.push.endpointsOf(a.userId)).toEqual([]);
    expect(await t.app.push.endpointsOf(b.userId)).toEqual([sub.endpoint]);
    expect((await unsubscribe(b, sub.endpoint)).json().data).toEqual({ removed: true });
    expect(await t.app.push.endpointsOf(b.userId)).toEqual([]);
  });
});

describe('notifications', () => {
  it('a credited sandbox PIX deposit sends a signed, encrypted "Depósito creditado" push', async () => {
    const p = await c.signUp();
    const keys = browserKeys();
    const path = `/deposit/${p.userId}`;
    expect((await subscribe(p, subscription(path, keys))).statusCode).toBe(200);
    await c.deposit(p, 4);
    const [push] = await pushesTo(path);
    verifyVapid(push!.headers.authorization, await publicKey(), origin);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(decrypt(push!.body, keys));
    expect(payload).toMatchObject({ kind: 'depositCredited', title: 'Depósito creditado', url: '/recharge' });
    expect(payload.body).toMatch(/^R\$\s[\d.,]+ já está na sua conta/);
  });

  it('a withdrawal paid by the rail sends "Withdrawal paid" in the language the player subscribed in', async () => {
    const p = await c.signUp();
    const keys = browserKeys();
    const path = `/withdrawal/${p.userId}`;
    expect((await subscribe(p, subscription(path, keys), 'en')).statusCode).toBe(200);
    await c.deposit(p, 4);
    const depositPush = await pushesTo(path);
    const w = (await c.withdraw(p, c.pixWithdrawal(p, 50))).json().data;
    const list = (await c.operator('GET', '/api/operator/withdrawals?status=pending')).json().data;
    const id = list.find((x: { orderId: string }) => x.orderId === w.orderId).id as number;
    const approved = await c.operator('POST', `/api/operator/withdrawals/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const pushes = await pushesTo(path, depositPush.length + 1);
    const payloads = pushes.map((r) => JSON.parse(decrypt(r.body, keys)));
    const paid = payloads.find((x) => x.kind === 'withdrawalPaid');
    expect(paid).toMatchObject({ title: 'Withdrawal paid', tag: `withdrawalPaid:${w.orderId}` });
    // What reached the player's account: R$ 50 less the default 3 % fee.
    expect(paid.body).toMatch(/^Your withdrawal of R\$\s?48\.50 has been paid\.$/);
  });

  it('drops a subscription the push service answers 410 to', async () => {
    const p = await c.signUp();
    const keys = browserKeys();
    const path = `/gone/${p.userId}`;
    await subscribe(p, subscription(path, keys));
    await c.deposit(p, 4);
    await pushesTo(path);
    await vi.waitFor(async () => expect(await t.app.push.endpointsOf(p.userId)).toEqual([]), {
      timeout: 10_000,
    });
  });
});
