import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../platform/db';
import { mailOutbox } from './mail.tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** One outside party, one interface: SMTP in production, the database outbox in the sandbox. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    send: async (m) => {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
    },
  };
}

export function outboxTransport(database: Database): MailTransport {
  return {
    kind: 'outbox',
    send: async (m) => {
      await database.db.insert(mailOutbox).values(m);
    },
  };
}

export function createMailService({ database, config }: { database: Database; config: Config }) {
  const chosen = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, config.mail.from)
    : outboxTransport(database);
  return {
    transport: chosen.kind,
    send: (message: MailMessage) => chosen.send(message),
    /** The newest outbox mail first, optionally only those to one address. */
    async outbox({ to, limit }: { to?: string; limit: number }) {
      return database.db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
/** What other modules need of mail. */
export type Mailer = Pick<MailService, 'send'>;
