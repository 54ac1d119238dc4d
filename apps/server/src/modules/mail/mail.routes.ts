import { envelope } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, textAnswer } from '../../platform/http';
import { escapeHtml } from '../../platform/html';

const outboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** One outbox mail as the sandbox shows it (a sandbox-only shape, not part of the player contract). */
const outboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/** The sandbox outbox (sandbox mode only): what the platform would have e-mailed. */
export async function mailRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { mail } = app;
  const tags = ['sandbox'];

  r.get(
    '/sandbox/outbox.json',
    { schema: { tags, querystring: outboxQuery, response: { 200: envelope(z.array(outboxMail)) } } },
    async (req) => {
      const rows = await mail.outbox(req.query);
      return ok(
        req,
        rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      );
    },
  );

  r.get(
    '/sandbox/outbox',
    { schema: { tags, querystring: outboxQuery, response: textAnswer('text/html', 'The outbox as a page') } },
    async (req, reply) => {
      const rows = await mail.outbox(req.query);
      const items = rows
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${escapeHtml(m.to)} · ` +
            `${m.createdAt.toISOString()}</p><pre>${escapeHtml(m.text)}</pre></article>`,
        )
        .join('\n');
      const empty =
        mail.transport === 'smtp' ? 'Mail goes out by SMTP; the outbox is not used.' : 'No mail yet.';
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox outbox</title>` +
            `<style>body{font-family:sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}` +
            `article{border-bottom:1px solid #ddd}.meta{color:#666}pre{white-space:pre-wrap}</style></head>` +
            `<body><h1>Sandbox outbox</h1>${items || `<p>${empty}</p>`}</body></html>`,
        );
    },
  );
}
