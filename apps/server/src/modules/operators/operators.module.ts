import { defineModule } from '../../platform/module';
import { registerOperatorGuard } from './operators.guard';
import { operatorsRoutes } from './operators.routes';
import { createOperatorsService, type OperatorsService } from './operators.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator accounts, TOTP sign-in, sessions and the audit log. */
    operators: OperatorsService;
  }
}

/**
 * Operators: the back office's users, their sign-in, and the guard and audit log of every
 * `/api/operator/*` route. Registered before every other module, so its guard sees all their routes.
 */
export const operatorsModule = defineModule('operators', [], async (app) => {
  const operators = createOperatorsService({ database: app.database, config: app.config });
  app.decorate('operators', operators);
  registerOperatorGuard(app, operators);
  await app.register(operatorsRoutes);
});
