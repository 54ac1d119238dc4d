import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok } from '../../platform/http';
import { operatorGuard } from '../../platform/operator';
import type { SettingsService } from './settings.service';

export async function settingsRoutes(
  app: FastifyInstance,
  { settings, config }: { settings: SettingsService; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = operatorGuard(config);
  r.get('/api/operator/settings', { preHandler: guard, schema: { tags: ['operator'] } }, async (req) =>
    ok(req, await settings.all()),
  );
  r.put(
    '/api/operator/settings',
    { preHandler: guard, schema: { tags: ['operator'], body: z.record(z.string().max(100), z.unknown()) } },
    async (req) => ok(req, await settings.update(req.body)),
  );
}
