import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrlOf, createTestApp, expectCleanLedgerThenClose } from '../../../test/helpers';
import { connectClient, connected, next } from '../../../test/realtime-client';
import { originalsClient } from './originals.testing';

/** A stake in the originals reaches the player's socket as the spec's pushes, through the real gateway. */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = baseUrlOf(t.app.server);
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

describe('originals: balance pushes', () => {
  it('a stake leaving less than R$ 10 sends insBalance and the new figures', async () => {
    const c = originalsClient(t.app, t.database);
    const p = await c.signUp();
    await c.fund(p.id, 1_200);
    const socket = await connected(connectClient(base, { token: p.token }));
    try {
      const ins = next(socket, 'insBalance');
      const update = next(socket, 'updateUserInfo');
      // The mines stake is held at the start, whatever the round gives later: R$ 12 − R$ 5.
      const res = await c.call(p.token, 'mines/start', { amount: 5, mines: 3 });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ins).toEqual({ balance: 7 });
      expect((await update).balance).toBe(7);
    } finally {
      socket.close();
    }
  });
});
