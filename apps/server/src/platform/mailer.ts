import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { CALL_TIMEOUTS, type SmtpTimeouts } from './call-timeouts';
import type { MailKind } from './mail/catalog';

export interface Mail {
  /** What the mail is for (logged instead of its content where content may not be). */
  kind: MailKind;
  to: string;
  subject: string;
  /** Both parts of every mail (multipart/alternative), rendered by platform/mail's renderMail. */
  text: string;
  html: string;
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
  /**
   * Until the returned `end` is called, a mailer without SMTP logs no line per mail but one line for
   * them all at the end (`during` names what sent them, e.g. "Seeding the demo data"); `end` returns how many mails there were. For
   * the demo seed, which runs before the server listens and would otherwise bury the printed logins
   * under dozens of lines. Mails are delivered, kept or withheld exactly as without it.
   */
  summarize(during: string): () => number;
  /**
   * Ends the connections it keeps to the mail server (the app's close, after in-flight requests and the
   * jobs pass have finished). Idle connections end at once; a mail being delivered finishes on its
   * connection, one still waiting for a connection fails. It does not wait for them.
   */
  close(): Promise<void>;
}

/** Counts mails by kind while a summary is open (see Mailer.summarize). */
class MailTally {
  readonly kinds: Record<string, number> = {};
  total = 0;
  constructor(readonly during: string) {}
  add(mail: Mail): void {
    this.kinds[mail.kind] = (this.kinds[mail.kind] ?? 0) + 1;
    this.total++;
  }
}

/**
 * The connections to the mail server are pooled (decision 0086). A relay greets a new connection only
 * after a pause (the tests' relay, smtp-server, waits 100 ms for clients that talk too early; Postfix's
 * postscreen waits seconds), and every connection costs a handshake, with TLS when the URL says so: a
 * mail on a pooled connection pays none of it. As many connections as one outbox pass runs effects at
 * once (its CONCURRENCY, held to this by call-timeouts.test.ts); passes that overlap (the jobs pass and
 * requests' own) share them, and a mail that waits for one spends its `sendMs` waiting. One idle for
 * 10 s says QUIT, before the socket timeout would end it as an error.
 */
export const SMTP_POOL = { maxConnections: 6, maxMessages: 100, idleTimeout: 10_000 } as const;

/** Sends through SMTP_URL with nodemailer, on pooled connections. */
export function createSmtpMailer(smtpUrl: string, from: string, timeouts: SmtpTimeouts = CALL_TIMEOUTS.smtp): Mailer {
  // Timeouts below the outbox's lease (decision 0039), where nodemailer's defaults are minutes long;
  // `sendMs` bounds each mail as a whole, a wait for a free connection included.
  const { sendMs, ...socketTimeouts } = timeouts;
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, ...SMTP_POOL, ...socketTimeouts });
  let tally: MailTally | null = null;
  return {
    kind: 'smtp',
    async send(mail) {
      const { to, subject, text, html, headers } = mail;
      await transport.sendMail({ from, to, subject, text, html, headers, signal: AbortSignal.timeout(sendMs) });
      tally?.add(mail);
    },
    async close() {
      transport.close();
    },
    outbox: () => [],
    summarize(during) {
      const own = new MailTally(during);
      tally = own;
      return () => {
        if (tally === own) tally = null;
        return own.total;
      };
    },
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
 * and a redacted address): bodies carry reset and confirmation links, which open accounts. Under
 * `summarize` the same is said once for all the mails, with their count by kind.
 */
export function createLogMailer(log: () => FastifyBaseLogger, options: { production: boolean; keep?: number }): Mailer {
  const { production, keep = 50 } = options;
  const sent: SentMail[] = [];
  let nextId = 1;
  let tally: MailTally | null = null;
  return {
    kind: 'log',
    async send(mail) {
      tally?.add(mail);
      if (production) {
        if (tally) return;
        log().warn(
          { mail: { kind: mail.kind, to: redactEmail(mail.to) } },
          'mail not delivered: SMTP_URL is not set (content withheld in production)',
        );
        return;
      }
      sent.unshift({ ...mail, id: nextId++, sentAt: new Date() });
      sent.length = Math.min(sent.length, keep);
      if (tally) return;
      log().info(
        { mail: { kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text } },
        'mail (no SMTP configured; also at /dev/outbox)',
      );
    },
    outbox: () => [...sent],
    async close() {},
    summarize(during) {
      const own = new MailTally(during);
      tally = own;
      return () => {
        if (tally === own) tally = null;
        if (own.total === 0) return 0;
        if (production) {
          log().warn(
            { mails: own.kinds },
            `${own.during}: ${own.total} mails not delivered, SMTP_URL is not set (content withheld in production)`,
          );
        } else {
          log().info(
            { mails: own.kinds },
            `${own.during}: ${own.total} mails kept in the development outbox (/dev/outbox keeps the newest ${keep}), SMTP_URL is not set`,
          );
        }
        return own.total;
      };
    },
  };
}
