import {
  ACTIVITIES_PATH,
  OPERATOR_ACTIVITIES_PATH,
  operatorActivity,
  type ActivityInput,
} from '@aposta/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_OPERATOR_KEY,
  testPlayers,
} from '../../../test/helpers';
import type { App } from '../../app';
import type { Database } from '../../platform/db';

/**
 * Operators' rules on activities. The reward is bonus money with a wagering multiple of at least 1: a multiple
 * of 0 would convert at once, paying cash on one operator's word, which only an adjustment (two operators) may.
 * A draft is the operators' alone: ending it is refused, since an ended activity is shown to players.
 */
let app: App;
let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused' }));
});
afterAll(() => expectCleanLedgerThenClose(database, close));

const HOUR = 3_600_000;
const activity = (wageringMultiple: number): ActivityInput => ({
  title: 'Meta da semana',
  bannerUrl: '',
  body: '<p>Aposte e ganhe.</p>',
  kind: 'turnover',
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  rewardType: 'amount',
  rewardValue: 5_00,
  rewardCap: null,
  target: 10_00,
  wageringMultiple,
  status: 'live',
});

const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
  app.inject({ method, url, headers: { 'x-operator-key': TEST_OPERATOR_KEY }, payload });

const count = async () =>
  Number(
    (
      (await database.db.execute(sql`select count(*)::int as n from promo_activities`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('an activity’s wagering multiple', () => {
  it('is refused below 1 (400) when created or saved, and taken from 1 to 100', async () => {
    for (const bad of [0, -1, 1.5, 101]) {
      const res = await call('POST', OPERATOR_ACTIVITIES_PATH, activity(bad));
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(400);
    }
    expect(await count()).toBe(0);

    const made = await call('POST', OPERATOR_ACTIVITIES_PATH, activity(1));
    expect(made.statusCode, made.body).toBe(200);
    const a = operatorActivity.parse(made.json().data);
    expect(a.wageringMultiple).toBe(1);

    const saved = `${OPERATOR_ACTIVITIES_PATH}/${a.id}`;
    const zero = await call('PUT', saved, { ...activity(0), version: a.version });
    expect(zero.statusCode, zero.body).toBe(400);
    const hundred = await call('PUT', saved, { ...activity(100), version: a.version });
    expect(hundred.statusCode, hundred.body).toBe(200);
    expect(operatorActivity.parse(hundred.json().data).wageringMultiple).toBe(100);
  });
});

describe('a draft activity', () => {
  it('cannot be ended into players’ sight; a live one ends as before', async () => {
    const player = await testPlayers(app, database).signUp('draft');
    const seen = (id: number) =>
      app.inject({ url: `${ACTIVITIES_PATH}/${id}`, headers: { authorization: `Bearer ${player.token}` } });
    const made = await call('POST', OPERATOR_ACTIVITIES_PATH, { ...activity(1), status: 'draft' });
    const a = operatorActivity.parse(made.json().data);
    expect((await seen(a.id)).statusCode).toBe(404);
    // An id no activity can have is not found either (it was a 400 saying "Não encontrado").
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      const odd = await app.inject({
        url: `${ACTIVITIES_PATH}/${id}`,
        headers: { authorization: `Bearer ${player.token}` },
      });
      expect([id, odd.statusCode, odd.json()]).toEqual([
        id,
        404,
        { status: 40400, message: 'Não encontrado', data: null },
      ]);
    }

    const ended = await call('POST', `${OPERATOR_ACTIVITIES_PATH}/${a.id}/end`, {});
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('Esta atividade não está em andamento.');
    expect((await seen(a.id)).statusCode).toBe(404);

    const live = operatorActivity.parse(
      (await call('POST', OPERATOR_ACTIVITIES_PATH, activity(1))).json().data,
    );
    expect((await call('POST', `${OPERATOR_ACTIVITIES_PATH}/${live.id}/end`, {})).statusCode).toBe(200);
    // Players keep seeing one that was live, as ended.
    const after = await seen(live.id);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.status).toBe('ended');
  });
});
