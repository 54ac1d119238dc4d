import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers';

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

describe('the OpenAPI document at /api/docs/json', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Array<{ route: string; op: Operation }>;

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
  });
  afterAll(async () => t.close());

  it('covers the routes of every module, the sandbox and the operator calls included', () => {
    const routes = operations.map((o) => o.route);
    for (const route of [
      'GET /api/operator/settings',
      'GET /sandbox/outbox.json',
      'POST /api/auth/user/restLogin',
      'GET /api/app/user/userInfo',
      'POST /api/app/wallet/transfer',
      'POST /api/operator/notices',
      'POST /api/app/order/withdraw',
      'POST /api/payments/webhook/{provider}',
      'GET /sandbox/pix/{chargeId}',
      'POST /sandbox/payouts/mode',
    ])
      expect(routes).toContain(route);
  });

  it('describes an answer with a schema for every route', () => {
    const described = (op: Operation) =>
      Object.values(op.responses ?? {}).some((answer) =>
        Object.values(answer.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0),
      );
    expect(operations.filter((o) => !described(o.op)).map((o) => o.route)).toEqual([]);
  });

  it('declares the path parameters of every route that has them', () => {
    const undeclared = operations.filter(
      ({ route, op }) => route.includes('{') && !(op.parameters ?? []).some((p) => p.in === 'path'),
    );
    expect(undeclared.map((o) => o.route)).toEqual([]);
  });
});
