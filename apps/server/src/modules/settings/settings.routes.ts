import { envelope } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http';
import { settingsSchema } from './settings.schema';

const answer = { 200: envelope(settingsSchema) };

/** Thin routes: schema in, the service, schema out. */
export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings } = app;
  r.get(
    '/api/operator/settings',
    { config: { permission: 'settings.read' }, schema: { tags: ['operator'], response: answer } },
    async (req) => ok(req, await settings.all()),
  );
  r.put(
    '/api/operator/settings',
    {
      config: { permission: 'settings.write' },
      schema: { tags: ['operator'], body: z.record(z.string().max(100), z.unknown()), response: answer },
    },
    async (req) => {
      req.audit({ target: 'settings' });
      const { before, after } = await settings.change(req.body);
      req.audit({ before, after });
      return ok(req, await settings.all());
    },
  );
}
