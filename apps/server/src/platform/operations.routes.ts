import { envelope, jobsAnswer, outboxAnswer } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from './http';

/** What operators see of background work: failing jobs and failing event deliveries. */
export async function operationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The operators module's guard checks the permission named in each route's config (jobs.read).
  const config = { permission: 'jobs.read' } as const;
  const tags = ['operator'];
  r.get(
    '/api/operator/jobs',
    { config, schema: { tags, response: { 200: envelope(jobsAnswer) } } },
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
    { config, schema: { tags, response: { 200: envelope(outboxAnswer) } } },
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
