import { envelope, jobsAnswer, outboxAnswer } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from './http';
import { operatorGuard } from './operator';

/** What operators see of background work: failing jobs and failing event deliveries. */
export async function operationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard(app.config);
  const tags = ['operator'];
  r.get(
    '/api/operator/jobs',
    { preHandler: guard, schema: { tags, response: { 200: envelope(jobsAnswer) } } },
    async (req) => {
      const problems = await app.jobs.problems();
      return ok(req, {
        problems: problems.map((p) => ({
          ...p,
          startAfter: p.startAfter.toISOString(),
          createdOn: p.createdOn.toISOString(),
        })),
      });
    },
  );
  r.get(
    '/api/operator/outbox',
    { preHandler: guard, schema: { tags, response: { 200: envelope(outboxAnswer) } } },
    async (req) => {
      const [backlog, failing] = await Promise.all([app.outbox.backlog(), app.outbox.failing()]);
      return ok(req, {
        ...backlog,
        failing: failing.map((d) => ({
          ...d,
          nextAt: d.nextAt.toISOString(),
          createdAt: d.createdAt.toISOString(),
        })),
      });
    },
  );
}
