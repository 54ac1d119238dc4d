import { defineModule } from '../../platform/module';
import { mailRoutes } from './mail.routes';
import { createMailService, type MailService } from './mail.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mail: SMTP when configured, else the database outbox. */
    mail: MailService;
  }
}

/** E-mail behind one transport; the sandbox outbox pages only in sandbox mode. */
export const mailModule = defineModule('mail', [], async (app) => {
  app.decorate('mail', createMailService({ database: app.database, config: app.config, jobs: app.jobs }));
  if (app.config.sandbox) await app.register(mailRoutes);
});
