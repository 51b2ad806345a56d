import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runJobsOnce } from '../../jobs/run-jobs';
import type { Database } from '../../platform/db';
import {
  createTestApp,
  fanAndCreator,
  openTestDatabase,
  type SmtpCapture,
  sendPaidMessage,
  startSmtpCapture,
  type TestApp,
  testDriver,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';
import { remindCreators } from './remind-creators';

const HOUR = 3_600_000;
let smtp: SmtpCapture;
let b: TestApp;
let second: Database;

// Two instances on one database, as in races.int.test.ts: on PostgreSQL each has its own pool.
const env = () => ({ SMTP_URL: smtp.url, REQUIRE_EMAIL_CONFIRMATION: 'false', AUTH_IP_LIMIT: '10000' });
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
const a = useTestApp(() => ({ env: env() }));
beforeAll(async () => {
  second = testDriver() === 'postgres' ? await openTestDatabase() : a.database;
  b = await createTestApp({ database: second, env: env() });
});
afterAll(async () => {
  await b.app.close();
  if (second !== a.database) await second.close();
});

const get = (url: string, cookie: string) => a.app.inject({ method: 'GET', url, headers: { cookie } });

async function reminderBells(cookie: string) {
  const res = await get('/api/notifications', cookie);
  expect(res.statusCode).toBe(200);
  return (res.json().notifications as Array<{ type: string; title: string; relatedEntityId: string }>).filter(
    (n) => n.type === 'message_reminder',
  );
}

const remindersTo = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && /left to reply/.test(m.body));

/** Both instances' clocks at `at` (each instance reads its own clock). */
function setClocks(at: number) {
  a.clock.set(new Date(at));
  b.clock.set(new Date(at));
}

describe('deadline reminders', () => {
  test('a creator is reminded at 12, 4 and 1 hours left, by bell and mail, each once', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db, { messagePrice: 2500 });
    const start = a.clock.now().getTime();
    setClocks(start);
    const { messageId } = await sendPaidMessage(a.app, fanCookie, creator.id);

    // 13 hours left: nothing yet.
    setClocks(start + 11 * HOUR);
    await runJobsOnce(a.app);
    expect(await reminderBells(creatorCookie)).toHaveLength(0);

    // 11.5 hours left: the 12-hour reminder, once however often the loop runs.
    setClocks(start + 12.5 * HOUR);
    await runJobsOnce(a.app);
    await runJobsOnce(b.app);
    await runJobsOnce(a.app);
    let bells = await reminderBells(creatorCookie);
    expect(bells.map((n) => n.title)).toEqual(['12 hours left to reply']);
    expect(bells[0]?.relatedEntityId).toBe(messageId);
    await smtp.waitFor(creator.email ?? '');
    expect(remindersTo(creator.email ?? '').map((m) => /Subject: (.*)/.exec(m.body)?.[1])).toEqual([
      '12 hours left to reply to a $25 message',
    ]);
    expect(remindersTo(creator.email ?? '')[0]?.body).toContain(`/dashboard/messages/${messageId}`);

    setClocks(start + 20.5 * HOUR);
    await runJobsOnce(b.app);
    await runJobsOnce(a.app);
    setClocks(start + 23.5 * HOUR);
    await runJobsOnce(a.app);
    await runJobsOnce(b.app);
    bells = await reminderBells(creatorCookie);
    expect(bells.map((n) => n.title)).toEqual([
      '1 hour left to reply',
      '4 hours left to reply',
      '12 hours left to reply',
    ]);
    expect(remindersTo(creator.email ?? '')).toHaveLength(3);

    // Past the deadline the message is refunded and nothing more is sent.
    setClocks(start + 25 * HOUR);
    await runJobsOnce(a.app);
    expect(await reminderBells(creatorCookie)).toHaveLength(3);
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
  });

  test('an answered message is not reminded about', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
    const start = a.clock.now().getTime();
    setClocks(start);
    const { messageId } = await sendPaidMessage(a.app, fanCookie, creator.id);
    const reply = await a.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Thanks for writing, here is my answer to you.' },
    });
    expect(reply.statusCode).toBe(200);
    setClocks(start + 23.5 * HOUR);
    await runJobsOnce(a.app);
    expect(await reminderBells(creatorCookie)).toHaveLength(0);
  });

  test('a message first seen with 3 hours left gets the 4-hour reminder only', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
    const start = a.clock.now().getTime();
    setClocks(start);
    await sendPaidMessage(a.app, fanCookie, creator.id);
    setClocks(start + 21 * HOUR);
    await remindCreators(a.app);
    expect((await reminderBells(creatorCookie)).map((n) => n.title)).toEqual(['4 hours left to reply']);
  });

  test('the reminders switch turns bell and mail off; the email switch only the mail', async () => {
    const quiet = await fanAndCreator(a.app, a.database.db);
    const bellOnly = await fanAndCreator(a.app, a.database.db);
    const put = (cookie: string, prefs: object) =>
      a.app.inject({
        method: 'PUT',
        url: '/api/profile/me/notification-preferences',
        headers: { cookie },
        payload: prefs,
      });
    expect(
      (await put(quiet.creatorCookie, { email: true, push: true, marketing: false, reminders: false })).statusCode,
    ).toBe(200);
    expect(
      (await put(bellOnly.creatorCookie, { email: false, push: true, marketing: false, reminders: true })).statusCode,
    ).toBe(200);
    const prefs = await get('/api/profile/me/notification-preferences', quiet.creatorCookie);
    expect(prefs.json()).toMatchObject({ email: true, push: true, reminders: false });

    const start = a.clock.now().getTime();
    setClocks(start);
    await sendPaidMessage(a.app, quiet.fanCookie, quiet.creator.id);
    await sendPaidMessage(a.app, bellOnly.fanCookie, bellOnly.creator.id);
    setClocks(start + 23.5 * HOUR);
    await runJobsOnce(a.app);
    expect(await reminderBells(quiet.creatorCookie)).toHaveLength(0);
    expect(remindersTo(quiet.creator.email ?? '')).toHaveLength(0);
    expect((await reminderBells(bellOnly.creatorCookie)).map((n) => n.title)).toEqual(['1 hour left to reply']);
    expect(remindersTo(bellOnly.creator.email ?? '')).toHaveLength(0);
  });

  test('preferences stored before the reminders switch existed read as reminders on', async () => {
    const { creatorCookie } = await fanAndCreator(a.app, a.database.db);
    const res = await get('/api/profile/me/notification-preferences', creatorCookie);
    expect(res.json()).toMatchObject({ reminders: true });
    const bad = await a.app.inject({
      method: 'PUT',
      url: '/api/profile/me/notification-preferences',
      headers: { cookie: creatorCookie },
      payload: { email: true, push: true, marketing: false, reminders: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  test('two instances running the loop at once send each reminder exactly once', async () => {
    const creators: Array<{ cookie: string; messageIds: string[] }> = [];
    const start = a.clock.now().getTime();
    setClocks(start);
    for (let i = 0; i < 3; i++) {
      const { creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db);
      const messageIds = [];
      for (let j = 0; j < 3; j++) messageIds.push((await sendPaidMessage(a.app, fanCookie, creator.id)).messageId);
      creators.push({ cookie: creatorCookie, messageIds });
    }
    for (const hoursIn of [12.5, 20.5, 23.5]) {
      setClocks(start + hoursIn * HOUR);
      await Promise.all([
        remindCreators(a.app, 4),
        remindCreators(b.app, 4),
        remindCreators(a.app),
        remindCreators(b.app),
      ]);
      await Promise.all([remindCreators(a.app), remindCreators(b.app)]);
    }
    for (const { cookie, messageIds } of creators) {
      const bells = await reminderBells(cookie);
      // Three messages × three thresholds, never a duplicate (message, title).
      expect(bells).toHaveLength(9);
      expect(new Set(bells.map((n) => `${n.relatedEntityId} ${n.title}`)).size).toBe(9);
      expect(new Set(bells.map((n) => n.relatedEntityId))).toEqual(new Set(messageIds));
    }
  });
});

describe('the "at risk" strip', () => {
  test("lists the creator's open messages with the least time left first", async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(a.app, a.database.db, {
      displayName: 'Strip Creator',
    });
    const start = a.clock.now().getTime();
    setClocks(start);
    const first = await sendPaidMessage(a.app, fanCookie, creator.id, 'The oldest question, asked first of all.');
    setClocks(start + 2 * HOUR);
    const second = await sendPaidMessage(a.app, fanCookie, creator.id, 'A newer question asked two hours later.');
    setClocks(start + 3 * HOUR);
    const answered = await sendPaidMessage(a.app, fanCookie, creator.id, 'A third question that gets answered.');
    const other = await fanAndCreator(a.app, a.database.db);
    const res0 = await get('/api/creator/at-risk', creatorCookie);
    expect(res0.statusCode).toBe(200);
    const items = res0.json().items as Array<{ messageId: string; expiresAt: string; preview: string }>;
    expect(items.map((i) => i.messageId)).toEqual([first.messageId, second.messageId, answered.messageId]);
    expect(items[0]?.preview).toBe('The oldest question, asked first of all.');
    expect(new Date(items[0]?.expiresAt ?? 0).getTime()).toBe(start + 24 * HOUR);

    // Once answered, none of this fan's messages are at risk; someone else's inbox is not shown.
    await a.app.inject({
      method: 'POST',
      url: `/api/messages/${first.messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Thanks for writing, here is my answer to you.' },
    });
    expect((await get('/api/creator/at-risk', creatorCookie)).json().items).toEqual([]);
    expect((await get('/api/creator/at-risk', other.creatorCookie)).json().items).toEqual([]);
    expect((await a.app.inject({ method: 'GET', url: '/api/creator/at-risk' })).statusCode).toBe(401);
  });
});
