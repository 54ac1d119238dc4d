import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, TEST_OPERATOR_KEY } from '../../../test/helpers';

/**
 * The per-IP limit covers operator calls the guard refuses: a guessed key or token is limited like any call,
 * and a flood of them stops writing audit rows once limited.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => t.close());

const auditRows = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*)::int as n from operator_audit`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe('operator calls and the per-IP limit', () => {
  it('limits refused calls too, and stops auditing them once limited', async () => {
    const me = (headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({ url: '/api/operator/auth/me', headers, remoteAddress });
    const before = await auditRows();
    const wrongKey: number[] = [];
    for (let i = 0; i < 9; i++)
      wrongKey.push((await me({ 'x-operator-key': `wrong-${i}` }, '198.51.100.31')).statusCode);
    expect(wrongKey).toEqual([...Array<number>(5).fill(401), ...Array<number>(4).fill(429)]);
    // Five refusals audited; the limited ones are not.
    expect((await auditRows()) - before).toBe(5);

    const token: number[] = [];
    for (let i = 0; i < 7; i++)
      token.push((await me({ authorization: `Bearer op_${'A'.repeat(43)}` }, '198.51.100.32')).statusCode);
    expect(token.slice(5)).toEqual([429, 429]);

    // A valid key from another address is counted once per call, as before.
    const valid: number[] = [];
    for (let i = 0; i < 7; i++)
      valid.push((await me({ 'x-operator-key': TEST_OPERATOR_KEY }, '198.51.100.33')).statusCode);
    expect(valid).toEqual([...Array<number>(5).fill(200), 429, 429]);
  });
});
