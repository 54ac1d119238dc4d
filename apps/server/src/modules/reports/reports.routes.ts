import {
  activityReport,
  envelope,
  ggrReport,
  ledgerAuditRun,
  ledgerState,
  reportQuery,
} from '@aposta/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import type { Rendered } from './reports.service';

const answer = <T extends z.ZodType>(data: T) => ({ 200: envelope(data) });

/** A report's answer: the envelope as JSON, or (`format=csv`) a CSV file with a header row. */
const jsonOrCsv = <T extends z.ZodType>(data: T) => ({
  200: {
    description: 'The report; `format=csv` answers text/csv with a header row',
    content: {
      'application/json': { schema: envelope(data) },
      'text/csv': { schema: z.string() },
    },
  },
});

function send<T>(req: FastifyRequest, reply: FastifyReply, rendered: Rendered<T>) {
  if (rendered.format === 'json') return ok(req, rendered.data);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${rendered.filename}"`)
    .send(rendered.text);
}

/** Thin routes: schema in, the reports service, schema out. */
export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { reports } = app;
  const tags = ['operator'];

  r.get(
    '/api/operator/reports/ggr',
    {
      config: { permission: 'reports.read' },
      schema: { tags, querystring: reportQuery, response: jsonOrCsv(ggrReport) },
    },
    async (req, reply) => send(req, reply, await reports.ggr(req.query, req.query.format)),
  );
  r.get(
    '/api/operator/reports/activity',
    {
      config: { permission: 'reports.read' },
      schema: { tags, querystring: reportQuery, response: jsonOrCsv(activityReport) },
    },
    async (req, reply) => send(req, reply, await reports.activity(req.query, req.query.format)),
  );

  r.get(
    '/api/operator/ledger/state',
    { config: { permission: 'ledger.read' }, schema: { tags, response: answer(ledgerState) } },
    async (req) => ok(req, await reports.ledgerState()),
  );
  r.post(
    '/api/operator/ledger/audit',
    { config: { permission: 'ledger.read' }, schema: { tags, response: answer(ledgerAuditRun) } },
    async (req) => {
      req.audit({ target: 'ledger' });
      const run = await reports.audit(req.operator?.email ?? 'unknown');
      req.audit({ after: { auditRun: run.id, ok: run.ok } });
      return ok(req, run);
    },
  );
}
