import {
  ACTIVITIES_PATH,
  OPERATOR_ACTIVITIES_PATH,
  operatorActivity,
  type ActivityInput,
} from '@aposta/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  expectCleanLedgerThenClose,
  TEST_OPERATOR_KEY,
  testPlayers,
} from '../../../test/helpers';
import type { App } from '../../app';
import type { Database } from '../../platform/db';

/** A draft is the operators' alone: ending it is refused, since an ended activity is shown to players. */
let app: App;
let database: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, database, close } = await createTestApp({ OUTBOX_RELAY: 'paused' }));
});
afterAll(() => expectCleanLedgerThenClose(database, close));

const HOUR = 3_600_000;
const draft: ActivityInput = {
  title: 'Segredo: bônus de 100%',
  bannerUrl: '',
  body: '<p>Ainda não.</p>',
  kind: 'turnover',
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  rewardType: 'amount',
  rewardValue: 5_00,
  rewardCap: null,
  target: 10_00,
  wageringMultiple: 1,
  status: 'draft',
};

const operator = (url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { 'x-operator-key': TEST_OPERATOR_KEY }, payload });

describe('a draft activity', () => {
  it('cannot be ended into players’ sight; a live one ends as before', async () => {
    const player = await testPlayers(app, database).signUp('draft');
    const seen = (id: number) =>
      app.inject({ url: `${ACTIVITIES_PATH}/${id}`, headers: { authorization: `Bearer ${player.token}` } });
    const a = operatorActivity.parse((await operator(OPERATOR_ACTIVITIES_PATH, draft)).json().data);
    expect((await seen(a.id)).statusCode).toBe(404);

    const ended = await operator(`${OPERATOR_ACTIVITIES_PATH}/${a.id}/end`, {});
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe('Esta atividade não está em andamento.');
    expect((await seen(a.id)).statusCode).toBe(404);

    const live = operatorActivity.parse(
      (await operator(OPERATOR_ACTIVITIES_PATH, { ...draft, status: 'live' })).json().data,
    );
    expect((await operator(`${OPERATOR_ACTIVITIES_PATH}/${live.id}/end`, {})).statusCode).toBe(200);
    // Players keep seeing one that was live, as ended.
    const after = await seen(live.id);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.status).toBe('ended');
  });
});
