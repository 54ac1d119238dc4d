import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';

describe('rate limits around payments', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(async () => t.close());

  it('never refuse a provider notification for its rate, while the rest of the API is limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: '{"unsigned":true}',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).not.toContain(429);
    expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true); // unsigned: refused, but for its signature

    const api: number[] = [];
    for (let i = 0; i < 5; i++)
      api.push((await t.app.inject({ url: '/api/app/order/getPrices' })).statusCode);
    expect(api).toContain(429);
  });
});
