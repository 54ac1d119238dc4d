import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../platform/db';
import type { Jobs } from '../../platform/jobs';
import { mailOutbox } from './mail.tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The job that hands a queued mail to the SMTP server (retried with backoff while it refuses). */
export const SEND_MAIL_JOB = 'mail.send';

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

/**
 * Mail behind one transport. With SMTP a message is queued as a job and sent by a worker: the caller does not
 * wait for the SMTP server (a password reset answers as fast for an unknown e-mail as for a player's, and an
 * SMTP fault is retried instead of failing the player's request).
 */
export function createMailService({
  database,
  config,
  jobs,
}: {
  database: Database;
  config: Config;
  jobs: Jobs;
}) {
  const chosen = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, config.mail.from)
    : outboxTransport(database);
  if (chosen.kind === 'smtp') jobs.work<MailMessage>(SEND_MAIL_JOB, (m) => chosen.send(m));
  return {
    transport: chosen.kind,
    async send(message: MailMessage): Promise<void> {
      if (chosen.kind === 'smtp') await jobs.send(SEND_MAIL_JOB, message);
      else await chosen.send(message);
    },
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
