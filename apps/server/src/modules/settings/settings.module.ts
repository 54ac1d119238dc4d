import { defineModule } from '../../platform/module';
import { settingsRoutes } from './settings.routes';
import { createSettingsService, type SettingsService } from './settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Business constants: defaults in code, operator overrides in the database. */
    settings: SettingsService;
  }
}

/**
 * The smallest module, and the template of every other: build the service from the platform's parts,
 * decorate it, register the routes (which reach the service through `app`).
 */
export const settingsModule = defineModule('settings', ['operators'], async (app) => {
  app.decorate('settings', createSettingsService({ database: app.database }));
  await app.register(settingsRoutes);
});
