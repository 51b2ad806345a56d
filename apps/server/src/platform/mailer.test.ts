import type { FastifyBaseLogger } from 'fastify';
import { expect, test } from 'vitest';
import { createLogMailer, type Mail } from './mailer';

function recordingLog() {
  const lines: { level: string; fields: object; message: string }[] = [];
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, fields, message });
    };
  const log = { info: at('info'), warn: at('warn') } as unknown as FastifyBaseLogger;
  return { lines, log: () => log };
}

const mail = (n: number, kind: Mail['kind'] = 'new-message'): Mail => ({
  kind,
  to: `fan${n}@fanline.test`,
  subject: `Mail ${n}`,
  text: `Reset here: http://localhost/reset?token=secret${n}`,
  html: `<p>Reset here: http://localhost/reset?token=secret${n}</p>`,
});

test('in production, a summary says once how many mails were not delivered, by kind, and nothing of their content', async () => {
  const { lines, log } = recordingLog();
  const mailer = createLogMailer(log, { production: true });
  const end = mailer.summarize('Seeding the demo data');
  await mailer.send(mail(1));
  await mailer.send(mail(2));
  await mailer.send(mail(3, 'message-reply'));
  expect(lines).toEqual([]);
  expect(end()).toBe(3);
  expect(lines).toEqual([
    {
      level: 'warn',
      fields: { mails: { 'new-message': 2, 'message-reply': 1 } },
      message: 'Seeding the demo data: 3 mails not delivered, SMTP_URL is not set (content withheld in production)',
    },
  ]);

  // Afterwards every mail is its own warning again, as a real deployment without SMTP needs.
  await mailer.send(mail(4, 'password-reset'));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatchObject({
    level: 'warn',
    fields: { mail: { kind: 'password-reset', to: 'f***@fanline.test' } },
  });
  expect(JSON.stringify(lines)).not.toContain('token=');
});

test('outside production, summarised mails are still kept in the development outbox, and the line says so', async () => {
  const { lines, log } = recordingLog();
  const mailer = createLogMailer(log, { production: false, keep: 2 });
  const end = mailer.summarize('Seeding the demo data');
  for (const n of [1, 2, 3]) await mailer.send(mail(n));
  expect(end()).toBe(3);
  expect(mailer.outbox().map((m) => m.subject)).toEqual(['Mail 3', 'Mail 2']);
  expect(lines).toEqual([
    {
      level: 'info',
      fields: { mails: { 'new-message': 3 } },
      message:
        'Seeding the demo data: 3 mails kept in the development outbox (/dev/outbox keeps the newest 2), SMTP_URL is not set',
    },
  ]);
});

test('a summary with no mails logs nothing', () => {
  const { lines, log } = recordingLog();
  const end = createLogMailer(log, { production: true }).summarize('Seeding the demo data');
  expect(end()).toBe(0);
  expect(lines).toEqual([]);
});
