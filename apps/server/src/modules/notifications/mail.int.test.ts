import { EMAIL_KINDS, type TEmailKind } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { expireMessages } from '../../flows';
import {
  connectLocalPayoutAccount,
  createTestApp,
  earnOnce,
  fanAndCreator,
  passFlagWindow,
  type SmtpCapture,
  sendPaidMessage,
  startSmtpCapture,
  type TestApp,
  useTestApp,
} from '../../testing';
import { reconcilePayouts } from '../ledger';
import { remindCreators } from '../messages';

const HOUR = 3_600_000;
const PREFS = '/api/profile/me/notification-preferences';

// No SMTP: every mail lands in the log mailer's outbox with its kind and headers.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const mailsTo = (email: string | null) => t.app.mailer.outbox().filter((m) => m.to === email);
const kindsTo = (email: string | null) => new Set(mailsTo(email).map((m) => m.kind));

/**
 * Every kind of product email for one fan and one creator: three paid messages (new-message ×3),
 * two answered (message-reply ×2), one left to run out (message-refund), then a payout of the two
 * $75 shares (payout-status). With `reminder`, the unanswered message also gets its deadline
 * reminder (message-reminder) before it runs out.
 */
async function everyKindOfMail(
  beforeActivity?: (people: Awaited<ReturnType<typeof fanAndCreator>>) => Promise<void>,
  { reminder = false } = {},
) {
  const people = await fanAndCreator(t.app, t.database.db, { messagePrice: 10_000 });
  await beforeActivity?.(people);
  await earnOnce(t.app, people.fanCookie, people.creator.id, people.creatorCookie);
  await earnOnce(t.app, people.fanCookie, people.creator.id, people.creatorCookie);
  await sendPaidMessage(t.app, people.fanCookie, people.creator.id);
  if (reminder) {
    // The unanswered message's deadline reminder (message-reminder), 11.5 hours before it runs out.
    t.clock.advance(12.5 * HOUR);
    await remindCreators(t.app);
    t.clock.advance(12.5 * HOUR);
  } else {
    t.clock.advance(25 * HOUR);
  }
  await expireMessages(t.app);
  // The earnings are payable once their 48-hour "not an answer" window has passed (decision 0016).
  await passFlagWindow(t.app, t.clock);
  await connectLocalPayoutAccount(t.app, people.creatorCookie);
  const payout = await t.app.inject({
    method: 'POST',
    url: '/api/creator/payouts',
    headers: { cookie: people.creatorCookie },
  });
  expect(payout.json()).toMatchObject({ status: 'in_transit' });
  // The built-in provider's simulated bank pays it on the reconciler's next look (decision 0029).
  t.clock.advance(61_000);
  await reconcilePayouts(t.app);
  return people;
}

const unsubscribePath = (link: string) => {
  expect(link.startsWith('http://localhost:3000/unsubscribe?token=')).toBe(true);
  return link.slice('http://localhost:3000'.length);
};

describe('mail for every event that matters (issue #13)', () => {
  test('by default each kind reaches its user, with an unsubscribe link for that kind and RFC 8058 headers', async () => {
    const { fan, creator } = await everyKindOfMail();
    expect(kindsTo(creator.email)).toEqual(new Set(['new-message', 'payout-status']));
    expect(kindsTo(fan.email)).toEqual(new Set(['message-reply', 'message-refund']));
    const payoutMails = mailsTo(creator.email).filter((m) => m.kind === 'payout-status');
    // The payout account's change (payouts enabled), then the payout's arrival: each once.
    expect(payoutMails.map((m) => m.subject).sort()).toEqual([
      'Your $150 payout has arrived',
      'Your payout account is ready',
    ]);
    const payout = payoutMails.find((m) => m.subject.includes('payout has arrived'));
    expect(payout?.text).toContain('http://localhost:3000/dashboard/earnings');
    for (const mail of [...mailsTo(fan.email), ...mailsTo(creator.email)]) {
      const link = mail.text.match(/http:\/\/localhost:3000\/unsubscribe\?token=\S+/)?.[0] ?? '';
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(decodeURIComponent(link)).toContain(`.${mail.kind}.`);
    }
  });

  test.each(EMAIL_KINDS)('turning "%s" off stops that kind only', async (kind: TEmailKind) => {
    const { fan, creator } = await everyKindOfMail(
      async ({ fanCookie, creatorCookie }) => {
        for (const cookie of [fanCookie, creatorCookie]) {
          const saved = await t.app.inject({
            method: 'PUT',
            url: PREFS,
            headers: { cookie },
            payload: { email: true, push: true, marketing: false, emailKinds: { [kind]: false } },
          });
          expect(saved.json().emailKinds[kind]).toBe(false);
        }
      },
      { reminder: true },
    );
    const received = new Set([...kindsTo(fan.email), ...kindsTo(creator.email)]);
    expect(received).toEqual(new Set(EMAIL_KINDS.filter((k) => k !== kind)));
  });

  test('the master email switch still silences every kind', async () => {
    const { fan, creator } = await everyKindOfMail(async ({ fanCookie, creatorCookie }) => {
      for (const cookie of [fanCookie, creatorCookie]) {
        await t.app.inject({
          method: 'PUT',
          url: PREFS,
          headers: { cookie },
          payload: { email: false, push: true, marketing: false },
        });
      }
    });
    expect([...mailsTo(fan.email), ...mailsTo(creator.email)]).toEqual([]);
  });

  test('preferences list every kind, on by default; a PUT without emailKinds keeps the stored ones', async () => {
    const { fanCookie } = await fanAndCreator(t.app, t.database.db);
    const get = () => t.app.inject({ method: 'GET', url: PREFS, headers: { cookie: fanCookie } });
    const allOn = Object.fromEntries(EMAIL_KINDS.map((k) => [k, true]));
    expect((await get()).json()).toEqual({
      email: true,
      push: true,
      emailKinds: allOn,
      reminders: true,
    });
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: PREFS, headers: { cookie: fanCookie }, payload });
    expect(
      (await put({ email: true, push: true, marketing: false, emailKinds: { 'message-reply': false } })).statusCode,
    ).toBe(200);
    expect((await put({ email: true, push: false, marketing: false })).statusCode).toBe(200);
    expect((await get()).json()).toEqual({
      email: true,
      push: false,
      emailKinds: { ...allOn, 'message-reply': false },
      reminders: true,
    });
    expect(
      (await put({ email: true, push: true, marketing: false, emailKinds: { 'no-such-kind': false } })).statusCode,
    ).toBe(400);
    expect(
      (await put({ email: true, push: true, marketing: false, emailKinds: { 'message-reply': 'no' } })).statusCode,
    ).toBe(400);
  });
});

describe('the deadline reminder mail (issue #13)', () => {
  test('goes through the mail gate with its own unsubscribe link; unsubscribing stops the mail, not the bell', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db, { messagePrice: 2500 });
    const remindAt = async (hoursLater: number) => {
      t.clock.advance(hoursLater * HOUR);
      await remindCreators(t.app);
    };
    await sendPaidMessage(t.app, fanCookie, creator.id);
    await remindAt(12.5);
    const reminders = () => mailsTo(creator.email).filter((m) => m.kind === 'message-reminder');
    expect(reminders().map((m) => m.subject)).toEqual(['12 hours left to reply to a $25 message']);
    const link = reminders()[0]?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '';
    expect(reminders()[0]?.text).toContain(link);
    const done = await t.app.inject({ method: 'POST', url: unsubscribePath(link) });
    expect(done.statusCode).toBe(200);
    const prefs = await t.app.inject({ method: 'GET', url: PREFS, headers: { cookie: creatorCookie } });
    expect(prefs.json()).toMatchObject({ email: true, reminders: true, emailKinds: { 'message-reminder': false } });

    await remindAt(8);
    expect(reminders()).toHaveLength(1);
    const bells = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: creatorCookie } });
    expect(
      bells
        .json()
        .notifications.filter((n: { type: string }) => n.type === 'message_reminder')
        .map((n: { title: string }) => n.title),
    ).toEqual(['4 hours left to reply', '12 hours left to reply']);
    t.clock.advance(5 * HOUR);
    await expireMessages(t.app);
  });
});

describe('unsubscribe without signing in', () => {
  test('GET only asks; the one-click POST turns that kind off and the next such mail is not sent', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db, {
      messagePrice: 10_000,
    });
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    const mail = mailsTo(creator.email).find((m) => m.kind === 'new-message');
    const path = unsubscribePath(mail?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '');

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8'); // ASVS V4.1.1
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Unsubscribe from “New paid messages” emails?');
    expect(page.body).toContain('<form method="post"');
    const prefs = () => t.app.inject({ method: 'GET', url: PREFS, headers: { cookie: creatorCookie } });
    expect((await prefs()).json().emailKinds['new-message']).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(done.body).toContain('You are unsubscribed');
    expect((await prefs()).json()).toMatchObject({
      email: true,
      emailKinds: { 'new-message': false, 'payout-status': true },
    });

    const before = mailsTo(creator.email).length;
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    expect(mailsTo(creator.email).length).toBe(before);
    // The fan's reply mail (another user, another kind) still goes out.
    expect(mailsTo(fan.email).filter((m) => m.kind === 'message-reply')).toHaveLength(2);
    // Doing it twice is harmless.
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
  });

  test('a forged or altered token is refused with a 400 and changes nothing', async () => {
    const { creator, fan, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    const mail = mailsTo(fan.email).find((m) => m.kind === 'message-reply');
    const token = decodeURIComponent(mail?.headers?.['List-Unsubscribe']?.match(/token=([^>]+)/)?.[1] ?? '');
    const [userId, kind, signature] = token.split('.');
    expect([userId, kind]).toEqual([fan.id, 'message-reply']);
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${userId}.${kind}.${flip(signature ?? '')}`,
      `${userId}.message-refund.${signature}`,
      `${creator.id}.${kind}.${signature}`,
      `${userId}.${kind}`,
      `${userId}.${kind}.${signature}.extra`,
      'garbage',
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.body).toContain('This unsubscribe link is not valid');
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/unsubscribe' })).statusCode).toBe(400);
    const prefs = await t.app.inject({ method: 'GET', url: PREFS, headers: { cookie: fanCookie } });
    expect(Object.values(prefs.json().emailKinds)).not.toContain(false);
    const creatorPrefs = await t.app.inject({ method: 'GET', url: PREFS, headers: { cookie: creatorCookie } });
    expect(Object.values(creatorPrefs.json().emailKinds)).not.toContain(false);
  });

  test('over SMTP the List-Unsubscribe headers reach the wire', async () => {
    let smtp: SmtpCapture | undefined;
    let withSmtp: TestApp | undefined;
    try {
      smtp = await startSmtpCapture();
      withSmtp = await createTestApp({ database: t.database, env: { SMTP_URL: smtp.url, AUTH_IP_LIMIT: '10000' } });
      const { creator, fanCookie } = await fanAndCreator(withSmtp.app, withSmtp.database.db);
      await sendPaidMessage(withSmtp.app, fanCookie, creator.id);
      const wire = await smtp.waitFor(creator.email ?? '');
      // Long header lines are folded on the wire (RFC 5322); unfold them to read.
      const headers = wire.raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
      expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?token=[\w.-]+>/m);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    } finally {
      await withSmtp?.close();
      await smtp?.close();
    }
  });
});
