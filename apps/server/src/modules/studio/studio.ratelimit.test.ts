import { studioSession } from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectCleanLedgerThenClose, freePort, testPlayers } from '../../../test/helpers';

/**
 * The spin route's limit: a demo spin (play money, but a stored round) is counted per address like the rest of
 * the API; a real-money spin is not (its player's money bounds it, and auto spin behind a carrier's shared
 * address must not be cut off).
 */
const LIMIT = 10;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    PORT: String(port),
    STUDIO_WALLET_URL: `http://127.0.0.1:${port}`,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => expectCleanLedgerThenClose(t.database, t.close));

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const sessionOf = async (payload: object) => {
  const res = await post('/api/studio/session', payload);
  expect(res.statusCode, res.body).toBe(200);
  return studioSession.parse(res.json().data).session;
};
const roundsOf = async (session: string) =>
  Number(
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from studio_rounds where session_id = ${session}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );

describe('the studio’s spin limit', () => {
  it('counts demo spins per address, storing nothing past the limit', async () => {
    const session = await sessionOf({ game: 'fortune-ox', demo: true });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++)
      statuses.push((await post('/api/studio/spin', { session, bet: 1 })).statusCode);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    expect(await roundsOf(session)).toBe(LIMIT);
  });

  it('lets a real-money player spin past it', async () => {
    const { signUp, fund } = testPlayers(t.app, t.database);
    const p = await signUp('rl');
    await fund(p.id, 50_000);
    const launch = await post(
      '/api/app/casino/launch',
      { gameCode: 'fortune-ox' },
      { authorization: `Bearer ${p.token}` },
    );
    expect(launch.statusCode, launch.body).toBe(200);
    const token = new URL(launch.json().data.url as string, 'http://web.example').searchParams.get('token')!;
    const session = await sessionOf({ game: 'fortune-ox', token });
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 5; i++)
      statuses.push((await post('/api/studio/spin', { session, bet: 1 })).statusCode);
    expect(statuses).toEqual(Array(LIMIT + 5).fill(200));
    expect(await roundsOf(session)).toBe(LIMIT + 5);
  });
});
