import { REALTIME_PATH, serverEvents } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrlOf,
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_OPERATOR_KEY,
} from '../../../test/helpers';
import {
  connectClient,
  connected,
  depositThroughSandbox,
  disconnected,
  next,
  refusal,
  registerPlayer,
  userIdOf,
  type Client,
} from '../../../test/realtime-client';

let base = '';

describe('realtime gateway (one node)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const clients: Client[] = [];
  const open = async (token: string, query: Record<string, string> = {}) => {
    const socket = connectClient(base, { token, ...query });
    clients.push(socket);
    return connected(socket);
  };
  const player = async () => {
    const token = await registerPlayer(base);
    return { token, userId: await userIdOf(base, token) };
  };
  const postNotice = (text: unknown, key = TEST_OPERATOR_KEY) =>
    t.app.inject({
      method: 'POST',
      url: '/api/operator/notices',
      headers: { 'x-operator-key': key },
      payload: { text },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = baseUrlOf(t.app.server);
  });
  afterAll(() => {
    for (const c of clients) c.close();
    return expectCleanLedgerThenClose(t.database, t.close);
  });

  it('refuses a handshake without a token, with a forged one, or on another transport', async () => {
    const none = await refusal(connectClient(base));
    expect(none.message).toBe('Por favor, faça login primeiro');
    expect(none.data?.status).toBe(40100);

    const forged = await refusal(connectClient(base, { token: 'not-a-token', lang: 'en' }));
    expect(forged.message).toBe('Please log in again');
    expect(forged.data?.status).toBe(40101);

    const polling = await fetch(`${base}${REALTIME_PATH}/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
  });

  it('refuses a revoked or expired session and closes the sockets of a session that signs out', async () => {
    const { token } = await player();
    const other = await player();
    const socket = await open(token);
    const kept = await open(other.token);
    const closed = disconnected(socket);
    const out = await fetch(`${base}/api/auth/user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
    const revoked = await refusal(connectClient(base, { token }));
    expect(revoked.data?.status).toBe(40101);

    // A session past its expiry (one this node has not cached yet: a cached one is kept at most until its
    // expiry, which the database cannot move for it).
    const late = await registerPlayer(base);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const expired = await refusal(connectClient(base, { token: late }));
    expect(expired.data?.status).toBe(40101);
  });

  it('tells the operator how many nodes and connections there are', async () => {
    const { token } = await player();
    await open(token);
    expect((await t.app.inject({ url: '/api/operator/realtime' })).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/api/operator/realtime',
      headers: { 'x-operator-key': TEST_OPERATOR_KEY },
    });
    expect(res.json().data).toEqual({ nodes: 1, connections: expect.any(Number) });
    expect(res.json().data.connections).toBeGreaterThanOrEqual(1);
  });

  it('broadcasts a notice published by the operator to every player', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const [sa, sb] = await Promise.all([open(a.token), open(b.token)]);
    const got = Promise.all([next(sa, 'notice'), next(sb, 'notice')]);
    const res = await postNotice('  <b>Manutenção</b> às 22h ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ text: '<b>Manutenção</b> às 22h' });
    expect(await got).toEqual([{ text: '<b>Manutenção</b> às 22h' }, { text: '<b>Manutenção</b> às 22h' }]);
  });

  it('refuses a notice without the operator key, empty or too long, and broadcasts nothing', async () => {
    const { token } = await player();
    const socket = await open(token);
    const seen: string[] = [];
    socket.on('notice', ({ text }) => seen.push(text));
    expect((await postNotice('hello', 'x'.repeat(27))).statusCode).toBe(401);
    expect((await postNotice('')).statusCode).toBe(400);
    const long = await postNotice('x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().status).toBe(40000);
    // A later notice arrives first: the refused ones were never sent.
    const marker = next(socket, 'notice');
    await postNotice('marker');
    expect(await marker).toEqual({ text: 'marker' });
    expect(seen).toEqual(['marker']);
  });

  it('sends updateUserInfo to that player only after a balance change, with discount for payDiscount', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const [sa, sb] = await Promise.all([open(a.token), open(b.token)]);
    const seenByB: string[] = [];
    sb.onAny((event) => seenByB.push(event));
    const update = next(sa, 'updateUserInfo');
    await t.app.bus.publish('balance.changed', { userId: a.userId });
    const payload = await update;
    expect(serverEvents.updateUserInfo.parse(payload)).toEqual(payload);
    expect(payload).toHaveProperty('discount');
    expect(payload).not.toHaveProperty('payDiscount');
    expect(payload.balance).toBe(0);
    // B's own event arrives, and it is the only thing B saw.
    const own = next(sb, 'updateUserInfo');
    await t.app.bus.publish('balance.changed', { userId: b.userId });
    await own;
    expect(seenByB).toEqual(['updateUserInfo']);
  });

  it('sends updateUserInfo with the new balance and paySuccess after a deposit through the sandbox PIX page', async () => {
    const { token } = await player();
    const socket = await open(token);
    const update = next(socket, 'updateUserInfo');
    const paid = next(socket, 'paySuccess');
    const before = Date.now();
    await depositThroughSandbox(base, token);
    expect((await update).balance).toBeGreaterThan(0);
    const payment = await paid;
    expect(payment.czflag).toBe(0);
    expect(payment.payTime).toBeGreaterThanOrEqual(before - 1000);
  });

  it('sends insBalance after a stake leaves the balance under 10, and freeBalance when it used bonus money', async () => {
    const { token, userId } = await player();
    const socket = await open(token);
    const seen: string[] = [];
    socket.onAny((event) => seen.push(event));

    let update = next(socket, 'updateUserInfo');
    await t.app.bus.publish('balance.changed', { userId });
    await update;
    expect(seen).toEqual(['updateUserInfo']);

    const ins = next(socket, 'insBalance');
    await t.app.bus.publish('balance.changed', { userId, cause: 'stake' });
    expect(await ins).toEqual({ balance: 0 });

    const free = next(socket, 'freeBalance');
    update = next(socket, 'updateUserInfo');
    await t.app.bus.publish('balance.changed', { userId, cause: 'stake', usedFreeBalance: true });
    expect(await free).toEqual({ freeBalance: 0 });
    await update;
    expect(seen).toEqual([
      'updateUserInfo',
      'updateUserInfo',
      'insBalance',
      'updateUserInfo',
      'insBalance',
      'freeBalance',
    ]);
  });

  it('sends paySuccess, userBetAmount and bonusReleased to that player', async () => {
    const { token, userId } = await player();
    const socket = await open(token);
    const paid = next(socket, 'paySuccess');
    await t.app.bus.publish('payment.succeeded', { userId, czflag: 0, payTime: 1_790_000_000_000 });
    expect(await paid).toEqual({ czflag: 0, payTime: 1_790_000_000_000 });
    const offer = next(socket, 'userBetAmount');
    await t.app.bus.publish('bonus.increaseOffered', { userId, bouns: 1.5, amount: 1050 });
    expect(await offer).toEqual({ bouns: 1.5, amount: 10.5 });
    const released = next(socket, 'bonusReleased');
    await t.app.bus.publish('bonus.released', { userId, amount: 2_050, currency: 'BRL' });
    expect(await released).toEqual({ amount: 20.5 });
  });

  it('takes offGame with a game code, and refuses malformed or unknown events with a reason', async () => {
    const { token, userId } = await player();
    const socket = await open(token, { lang: 'en' });
    const left = new Promise((resolve) => {
      const off = t.app.bus.subscribe('game.left', (e) => {
        off();
        resolve(e);
      });
    });
    expect(await socket.emitWithAck('offGame', { gameCode: ' mines ' })).toEqual({
      status: 0,
      message: 'Success',
    });
    expect(await left).toEqual({ userId, gameCode: 'mines' });

    const bad = await socket.emitWithAck('offGame', { gameCode: '' });
    expect(bad).toEqual({ status: 40000, message: 'Please check the information entered' });
    const extra = await (socket.emitWithAck as (...a: unknown[]) => Promise<unknown>)('offGame', {
      gameCode: 'x',
      admin: true,
    });
    expect(extra).toMatchObject({ status: 40000 });

    const rejected = next(socket, 'rejected');
    (socket.emit as (...a: unknown[]) => void)('takeMoney', { amount: 1000 });
    expect(await rejected).toEqual({ event: 'takeMoney', status: 40000, message: 'Invalid request' });
    expect(socket.connected).toBe(true);
  });

  it('closes a connection that sends an oversized frame; the others carry on', async () => {
    const { token } = await player();
    const [big, bystander] = await Promise.all([open(token), open(token)]);
    const closed = disconnected(big);
    big.emit('offGame', { gameCode: 'x'.repeat(10_000) });
    expect(await closed).toMatch(/^transport (close|error)$/);
    const notice = next(bystander, 'notice');
    await postNotice('still here');
    expect(await notice).toEqual({ text: 'still here' });
  });

  it('rate-limits client events and disconnects a flood, leaving everyone else connected', async () => {
    const { token } = await player();
    const [flooder, bystander] = await Promise.all([open(token), open(token)]);
    const limited = next(flooder, 'rejected');
    const closed = disconnected(flooder);
    for (let i = 0; i < 200; i++) flooder.emit('offGame', { gameCode: 'dice' });
    expect(await limited).toMatchObject({ event: 'offGame', status: 42900 });
    expect(await closed).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);
    expect(await bystander.emitWithAck('offGame', { gameCode: 'dice' })).toMatchObject({ status: 0 });
  });
});

describe('realtime gateway shutdown', () => {
  it('closes the sockets at the transport on app close, so clients reconnect elsewhere', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = baseUrlOf(t.app.server);
    const token = await registerPlayer(url);
    const socket = await connected(connectClient(url, { token }));
    const closed = disconnected(socket);
    await t.close();
    expect(await closed).toBe('transport close');
  });
});
