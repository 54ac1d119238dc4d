import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_OPERATOR_KEY, testPlayers } from '../../../test/helpers';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const named: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { signUp } = testPlayers(t.app, t.database);
  for (const name of ['João Conceição', 'Antonio Araujo', 'Şahin Öztürk']) {
    const { id } = await signUp('search');
    await t.database.db.execute(sql`update users set name = ${name} where id = ${id}`);
    named[name] = id;
  }
});
afterAll(() => t.close());

/** The ids of the players the back office's search box finds for `q`. */
async function search(q: string) {
  const res = await t.app.inject({
    url: '/api/operator/players',
    query: { q, pageSize: '50' },
    headers: { 'x-operator-key': TEST_OPERATOR_KEY },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as { id: number }[]).map((p) => p.id);
}

describe('the players search by name', () => {
  it('ignores accents and case on either side ("joao" finds João, "Antônio Araújo" finds Antonio Araujo)', async () => {
    expect(await search('joao')).toEqual([named['João Conceição']]);
    expect(await search('JOAO CONCEICAO')).toEqual([named['João Conceição']]);
    expect(await search('conceição')).toEqual([named['João Conceição']]);
    expect(await search('Antônio Araújo')).toEqual([named['Antonio Araujo']]);
  });

  it('still finds a name by its letters outside the fold, and nothing that only looks alike', async () => {
    expect(await search('Şahin')).toEqual([named['Şahin Öztürk']]);
    expect(await search('ozturk')).toEqual([named['Şahin Öztürk']]);
    expect(await search('joana')).toEqual([]);
  });
});
