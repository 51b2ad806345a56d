import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail extends Mail {
  id: number;
  sentAt: Date;
}

export interface Mailer {
  readonly kind: 'smtp' | 'log';
  send(mail: Mail): Promise<void>;
  /** The dev outbox: mails kept in memory when there is no SMTP (newest first). */
  outbox(): SentMail[];
}

/** Sends through SMTP_URL with nodemailer. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    outbox: () => [],
  };
}

/** Without SMTP: mails go to the log and a small in-memory outbox (shown at /dev/outbox outside production). */
export function createLogMailer(log: () => FastifyBaseLogger, keep = 50): Mailer {
  const sent: SentMail[] = [];
  let nextId = 1;
  return {
    kind: 'log',
    async send(mail) {
      sent.unshift({ ...mail, id: nextId++, sentAt: new Date() });
      sent.length = Math.min(sent.length, keep);
      log().info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail (no SMTP configured)');
    },
    outbox: () => [...sent],
  };
}
