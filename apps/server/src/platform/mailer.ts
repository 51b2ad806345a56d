import type { TEmailKind } from '@fanline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  /** What the mail is for (logged instead of its content where content may not be). */
  kind: 'email-confirmation' | 'password-reset' | TEmailKind | 'system-alert';
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. RFC 8058 List-Unsubscribe on product emails. */
  headers?: Record<string, string>;
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
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ from, to, subject, text, html, headers });
    },
    outbox: () => [],
  };
}

/** `fan@fanline.test` → `f***@fanline.test`: enough to tell mails apart, not to read an address off the log. */
export function redactEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/**
 * Without SMTP every mail still goes through here. Outside production it is logged in full and kept
 * in a small in-memory outbox (shown at /dev/outbox). In production only the fact is logged (kind
 * and a redacted address): bodies carry reset and confirmation links, which open accounts.
 */
export function createLogMailer(log: () => FastifyBaseLogger, options: { production: boolean; keep?: number }): Mailer {
  const { production, keep = 50 } = options;
  const sent: SentMail[] = [];
  let nextId = 1;
  return {
    kind: 'log',
    async send(mail) {
      if (production) {
        log().warn(
          { mail: { kind: mail.kind, to: redactEmail(mail.to) } },
          'mail not delivered: SMTP_URL is not set (content withheld in production)',
        );
        return;
      }
      sent.unshift({ ...mail, id: nextId++, sentAt: new Date() });
      sent.length = Math.min(sent.length, keep);
      log().info(
        { mail: { kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text } },
        'mail (no SMTP configured; also at /dev/outbox)',
      );
    },
    outbox: () => [...sent],
  };
}
