import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { runJobsOnce } from '../../jobs/run-jobs';
import { loadConfig } from '../../platform/config';
import {
  connectLocalPayoutAccount,
  earnOnce,
  fanAndCreator,
  type PushStandIn,
  passFlagWindow,
  REPLY,
  SAMPLE_MESSAGE,
  sendPaidMessage,
  startPushStandIn,
  useTestApp,
} from '../../testing';
import { reconcilePayouts } from '../ledger';
import { remindCreators } from '../messages';
import { pushSetup } from './push-keys';

const HOUR = 3_600_000;
const PREFS = '/api/profile/me/notification-preferences';

// The app sends through the real `web-push` library to a local push service that decrypts every push
// with the keys only the "browser" (this test) holds (testing/push/stand-in.ts).
let standIn: PushStandIn;
beforeAll(async () => {
  standIn = await startPushStandIn();
});
afterAll(() => standIn.close());

const t = useTestApp(() => ({ pushCa: standIn.ca, env: { AUTH_IP_LIMIT: '10000' } }));

/** A browser of the signed-in user subscribes at the stand-in, as the web app does. */
async function subscribe(cookie: string) {
  const browser = standIn.subscribe();
  const saved = await t.post('/api/push/subscriptions', cookie, browser.json);
  expect(saved.statusCode, saved.body).toBe(204);
  return browser;
}

const setPush = (cookie: string, push: boolean) => t.put(PREFS, cookie, { email: true, push });

describe('Web Push through a push service (issue 26)', () => {
  test('the public key is the one the pushes are signed with; the VAPID keys are kept in DATA_DIR', async () => {
    const { fanCookie } = await fanAndCreator(t.app, t.database.db);
    const key = (await t.get('/api/push/public-key', fanCookie)).json();
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await t.get('/api/push/public-key')).statusCode).toBe(401);
    // A second app on the same DATA_DIR reads the same pair instead of making another.
    expect(pushSetup({ ...t.config }).keys?.publicKey).toBe(key.publicKey);
  });

  test('a fan who is subscribed gets the decrypted, correct push within 2 s of the reply; with push off nothing arrives', async () => {
    const { fanCookie, creator, creatorCookie } = await fanAndCreator(t.app, t.database.db, {
      displayName: 'Ada Creator',
    });
    const browser = await subscribe(fanCookie);
    const { publicKey } = (await t.get('/api/push/public-key', fanCookie)).json();
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const started = Date.now();
    const reply = await t.post(`/api/messages/${messageId}/reply`, creatorCookie, { content: REPLY });
    expect(reply.statusCode).toBe(200);
    const push = await standIn.next(browser.endpoint, 2000);
    expect(push.at - started).toBeLessThan(2000);
    const answerId = reply.json().messageId;
    expect(push.payload).toEqual({
      title: 'Ada Creator replied',
      body: REPLY,
      url: `/messages/${answerId}`,
      tag: expect.stringMatching(/^reply-/),
    });
    expect(push.headers).toMatchObject({ encoding: 'aes128gcm', urgency: 'high', ttl: String(12 * 3600) });
    expect(push.vapid).toMatchObject({ aud: standIn.url, publicKey, sub: 'mailto:no-reply@fanline.app' });
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(row?.lastSuccessAt).not.toBeNull();

    // Push off: the next reply reaches the bell, not the browser.
    expect((await setPush(fanCookie, false)).json()).toMatchObject({ push: false });
    const second = await sendPaidMessage(t.app, fanCookie, creator.id, 'A second question');
    const before = standIn.received.length;
    expect(
      (await t.post(`/api/messages/${second.messageId}/reply`, creatorCookie, { content: REPLY })).statusCode,
    ).toBe(200);
    await runJobsOnce(t.app);
    await expect(standIn.next(browser.endpoint, 500)).rejects.toThrow(/no push/);
    expect(standIn.received.length).toBe(before);
    const bell = (await t.get('/api/notifications', fanCookie)).json();
    expect(bell.notifications.filter((n: { type: string }) => n.type === 'message_response')).toHaveLength(2);
  });

  test('a push is cut like the bell: no more of a long reply than the notification shows', async () => {
    const { fanCookie, creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const browser = await subscribe(fanCookie);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const long = `${'A long and careful answer. '.repeat(10)}The end.`;
    await t.post(`/api/messages/${messageId}/reply`, creatorCookie, { content: long });
    const push = await standIn.next(browser.endpoint);
    const body = (push.payload as { body: string }).body;
    const bell = (await t.get('/api/notifications', fanCookie)).json().notifications[0];
    expect(body).toBe(bell.body);
    expect(body).toHaveLength(100);
    expect(body.endsWith('…')).toBe(true);
  });

  test('a 410 from the push service removes the subscription; a 500 keeps it and the outbox retries', async () => {
    const { fanCookie, creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const gone = await subscribe(fanCookie);
    const flaky = await subscribe(fanCookie);
    standIn.answer(gone.endpoint, 410);
    standIn.answer(flaky.endpoint, 500);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    await t.post(`/api/messages/${messageId}/reply`, creatorCookie, { content: REPLY });
    const endpoints = async () => (await t.database.db.select().from(pushSubscriptions)).map((row) => row.endpoint);
    expect(await endpoints()).not.toContain(gone.endpoint);
    expect(await endpoints()).toContain(flaky.endpoint);
    // The service recovers: the jobs' pass carries the push out again and it arrives once.
    standIn.answer(flaky.endpoint, null);
    await runJobsOnce(t.app);
    const push = await standIn.next(flaky.endpoint);
    expect(push.payload).toMatchObject({ body: REPLY });
  });

  test('a creator gets pushes for a new paid message, a deadline reminder and a payout paid or failed', async () => {
    const { fanCookie, creator, creatorCookie } = await fanAndCreator(t.app, t.database.db, { messagePrice: 10_000 });
    const browser = await subscribe(creatorCookie);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    expect((await standIn.next(browser.endpoint)).payload).toEqual({
      title: expect.stringMatching(/^New message from /),
      body: SAMPLE_MESSAGE,
      url: `/dashboard/messages/${messageId}`,
      tag: `new-message-${messageId}`,
    });

    t.clock.advance(12.5 * HOUR);
    expect(await remindCreators(t.app)).toBe(1);
    expect((await standIn.next(browser.endpoint)).payload).toEqual({
      title: '12 hours left to reply',
      body: 'Reply before the deadline to earn this message; otherwise the fan gets their money back.',
      url: `/dashboard/messages/${messageId}`,
      tag: `reminder-${messageId}`,
    });

    await t.post(`/api/messages/${messageId}/reply`, creatorCookie, { content: REPLY });
    await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
    await standIn.next(browser.endpoint); // the second paid message
    await passFlagWindow(t.app, t.clock);
    await connectLocalPayoutAccount(t.app, creatorCookie);
    const paid = await t.post('/api/creator/payouts', creatorCookie);
    // The simulated bank (decision 0029): in transit until the payout reconciler asks, then paid.
    expect(paid.json()).toMatchObject({ status: 'in_transit' });
    t.clock.advance(61_000);
    await reconcilePayouts(t.app);
    expect((await standIn.next(browser.endpoint)).payload).toEqual({
      title: 'Your $150 payout has arrived',
      body: 'It was paid into your bank account.',
      url: '/dashboard/earnings',
      tag: `payout-${paid.json().id}`,
    });

    for (const _ of [1, 2]) {
      await earnOnce(t.app, fanCookie, creator.id, creatorCookie);
      await standIn.next(browser.endpoint); // each paid message's push
    }
    await passFlagWindow(t.app, t.clock);
    const bank = await t.post('/api/stripe-connect/simulated/bank', creatorCookie, { outcome: 'reject' });
    expect(bank.statusCode, bank.body).toBe(200);
    const failed = await t.post('/api/creator/payouts', creatorCookie);
    expect(failed.json(), failed.body).toMatchObject({ status: 'failed' });
    expect((await standIn.next(browser.endpoint)).payload).toEqual({
      title: 'Your $150 payout failed',
      body: 'Your bank did not accept it. Open Earnings to see why and retry.',
      url: '/dashboard/earnings',
      tag: `payout-${failed.json().id}`,
    });
  });
});

describe('subscribing (issue 26)', () => {
  test('bad subscribe bodies get a 4xx; a subscription moves to whoever subscribed that browser last', async () => {
    const { fanCookie, creatorCookie, fan, creator } = await fanAndCreator(t.app, t.database.db);
    const good = standIn.subscribe().json;
    const bad: Array<[string, unknown]> = [
      ['no keys', { endpoint: good.endpoint }],
      ['http endpoint', { ...good, endpoint: good.endpoint.replace('https:', 'http:') }],
      ['not a push service', { ...good, endpoint: 'https://169.254.169.254/latest/meta-data' }],
      ['credentials in the endpoint', { ...good, endpoint: good.endpoint.replace('https://', 'https://a:b@') }],
      ['a short key', { ...good, keys: { ...good.keys, p256dh: 'abc' } }],
      ['an auth secret that is not base64url', { ...good, keys: { ...good.keys, auth: '!'.repeat(22) } }],
      ['an extra field', { ...good, extra: true }],
      ['a huge endpoint', { ...good, endpoint: `${good.endpoint}/${'x'.repeat(5000)}` }],
      ['not JSON', 'endpoint=x'],
    ];
    for (const [what, body] of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie: fanCookie, 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, what).toBeLessThan(500);
    }
    expect((await t.post('/api/push/subscriptions', undefined, good)).statusCode).toBe(401);

    expect((await t.post('/api/push/subscriptions', fanCookie, good)).statusCode).toBe(204);
    expect((await t.post('/api/push/subscriptions', creatorCookie, good)).statusCode).toBe(204);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, good.endpoint));
    expect(rows.map((row) => row.userId)).toEqual([creator.id]);
    // Only the owner forgets it.
    const forget = (cookie: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/push/subscriptions',
        headers: { cookie },
        payload: { endpoint: good.endpoint },
      });
    expect((await forget(fanCookie)).statusCode).toBe(204);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, creator.id)),
    ).toHaveLength(1);
    expect((await forget(creatorCookie)).statusCode).toBe(204);
    expect(
      await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, creator.id)),
    ).toHaveLength(0);
    expect(fan.id).not.toBe(creator.id);
  });

  test('production takes only the known push services, and without keys or a writable DATA_DIR push is off', async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://fanline.example',
      ALLOW_TEST_PAYMENTS: 'true',
      DATABASE_URL: 'postgres://db/x',
      APP_SECRET: 'x'.repeat(40),
      DATA_DIR: t.config.dataDir,
    });
    expect(pushSetup(production)).toMatchObject({ keys: null, reason: expect.stringMatching(/VAPID_PUBLIC_KEY/) });
    // A DATA_DIR that cannot hold the key file (here a plain file, not a directory).
    const notADirectory = path.join(t.config.dataDir, 'not-a-directory');
    fs.writeFileSync(notADirectory, '');
    const unwritable = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://fanline.example',
      ALLOW_TEST_PAYMENTS: 'true',
      DATA_DIR: notADirectory,
    });
    expect(pushSetup(unwritable)).toMatchObject({ keys: null, reason: expect.stringMatching(/could not be kept/) });
    const { endpointProblem } = await import('./push-subscriptions');
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', true)).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/abc', true)).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/abc', true)).toBeNull();
    expect(endpointProblem(`${standIn.url}/push/x`, true)).toMatch(/not supported/);
    expect(endpointProblem(`${standIn.url}/push/x`, false)).toBeNull();
    expect(endpointProblem('https://evil.example/fcm.googleapis.com', true)).toMatch(/not supported/);
  });
});

describe('signing out everywhere (issue 26)', () => {
  test('forgets every browser of the user, and only theirs', async () => {
    const { fanCookie, creatorCookie, fan, creator } = await fanAndCreator(t.app, t.database.db);
    await subscribe(fanCookie);
    await subscribe(fanCookie);
    await subscribe(creatorCookie);
    const countOf = async (userId: string) =>
      (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))).length;
    expect(await countOf(fan.id)).toBe(2);
    expect((await t.post('/api/auth/sign-out?scope=global', fanCookie)).statusCode).toBeLessThan(300);
    expect(await countOf(fan.id)).toBe(0);
    expect(await countOf(creator.id)).toBe(1);
  });
});
