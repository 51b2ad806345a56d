import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { startSmtpCapture } from '../testing/smtp';
import { CALL_TIMEOUTS, type SmtpTimeouts } from './call-timeouts';
import { createSmtpMailer, type Mail, type Mailer, SMTP_POOL } from './mailer';

const mail = (to: string): Mail => ({
  kind: 'password-reset',
  to,
  subject: 'Reset your password',
  text: 'Open the link to choose a new password.',
  html: '<p>Open the link to choose a new password.</p>',
});

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});

function mailer(url: string, timeouts: SmtpTimeouts = CALL_TIMEOUTS.smtp): Mailer {
  const made = createSmtpMailer(url, 'Fanline <no-reply@fanline.test>', timeouts);
  closing.push(() => made.close());
  return made;
}

// Decision 0086: the mailer keeps its connections to the mail server instead of opening one per mail.
describe('the SMTP mailer', () => {
  test('mails sent one after another go over one connection, and each arrives', async () => {
    const relay = await startSmtpCapture();
    closing.push(() => relay.close());
    const smtp = mailer(relay.url);
    for (const to of ['a@fanline.test', 'b@fanline.test', 'c@fanline.test']) await smtp.send(mail(to));
    expect(relay.mails.map((m) => m.to)).toEqual([['a@fanline.test'], ['b@fanline.test'], ['c@fanline.test']]);
    expect(relay.connections()).toBe(1);
  });

  test('mails sent at once use at most the pool’s connections', async () => {
    const relay = await startSmtpCapture();
    closing.push(() => relay.close());
    const smtp = mailer(relay.url);
    const recipients = Array.from({ length: SMTP_POOL.maxConnections * 2 }, (_, i) => `fan${i}@fanline.test`);
    await Promise.all(recipients.map((to) => smtp.send(mail(to))));
    expect(relay.mails.flatMap((m) => m.to).sort()).toEqual([...recipients].sort());
    expect(relay.connections()).toBeLessThanOrEqual(SMTP_POOL.maxConnections);
  });

  test('a relay that ends an idle connection costs nothing: the next mail opens a new one', async () => {
    const relay = await startSmtpCapture();
    let closed = false;
    closing.push(async () => {
      if (!closed) await relay.close();
    });
    const smtp = mailer(relay.url);
    await smtp.send(mail('first@fanline.test'));
    // The relay goes away (its close says goodbye to the pooled connection) and comes back on the same port.
    const port = Number(new URL(relay.url).port);
    closed = true;
    await relay.close();
    const again = await startSmtpCapture({ port });
    closing.push(() => again.close());
    await smtp.send(mail('second@fanline.test'));
    expect(again.mails.map((m) => m.to)).toEqual([['second@fanline.test']]);
  });

  test('a relay that greets and then trickles its replies is given up on after sendMs, not left running', async () => {
    // The greeting and EHLO are answered, then nothing: the socket is never silent for socketTimeout
    // because the relay sends a byte of a continuation line every 100 ms, which no socket timeout notices.
    const sockets = new Set<net.Socket>();
    let relayClosed: Promise<void> | undefined;
    const trickling = net.createServer((socket) => {
      sockets.add(socket);
      relayClosed = new Promise((resolve) => socket.once('close', () => resolve()));
      socket.write('220 relay.test ESMTP\r\n');
      let timer: NodeJS.Timeout | undefined;
      socket.on('data', (chunk) => {
        if (timer) return;
        if (/^EHLO/i.test(chunk.toString())) {
          timer = setInterval(() => socket.write('250-'), 100);
          socket.on('close', () => clearInterval(timer));
        }
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => trickling.listen(0, '127.0.0.1', resolve));
    closing.push(
      () =>
        new Promise<void>((resolve) => {
          trickling.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        }),
    );
    const { port } = trickling.address() as net.AddressInfo;
    // The socket timeout is far longer than the relay's 100 ms between bytes (a busy worker must not
    // time the socket out first), the deadline shorter than the test's timeout.
    const smtp = mailer(`smtp://127.0.0.1:${port}`, { ...CALL_TIMEOUTS.smtp, socketTimeout: 3_000, sendMs: 4_000 });
    const started = Date.now();
    await expect(smtp.send(mail('slow@fanline.test'))).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(10_000);
    // Given up on, not left running: the mailer closed the connection (the relay saw it close).
    const ended = await Promise.race([relayClosed?.then(() => 'closed'), delay(2_000).then(() => 'still open')]);
    expect(ended).toBe('closed');
  });
});
