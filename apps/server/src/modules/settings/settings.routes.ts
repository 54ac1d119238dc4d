import { envelope, settingsSchema, SETTINGS_EXPECTED_KEY } from '@aposta/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../platform/errors';
import { ok } from '../../platform/http';

const answer = { 200: envelope(settingsSchema) };
function expectedOf(v: unknown): Record<string, unknown> | undefined {
  if (v === undefined) return undefined;
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw badRequest('fieldInvalid', { field: SETTINGS_EXPECTED_KEY });
  return v as Record<string, unknown>;
}

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
      // `expected`: the values the form read (stale forms); not a setting.
      const { [SETTINGS_EXPECTED_KEY]: expected, ...patch } = req.body;
      const { before, after } = await settings.change(patch, expectedOf(expected));
      req.audit({ before, after });
      return ok(req, await settings.all());
    },
  );
}
