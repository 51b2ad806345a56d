import { describe, expect, test } from 'vitest';
import {
  createUser,
  fanAndCreator,
  messageRow,
  payLocal,
  paymentRow,
  SAMPLE_MESSAGE,
  sendPaidMessage,
  signIn,
  TEST_PASSWORD,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';

const HOUR = 3_600_000;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const setCapacity = (cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/creator/capacity', headers: { cookie }, payload });
const startCheckout = (cookie: string, recipientId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie },
    payload: { recipientId, messageContent: SAMPLE_MESSAGE },
  });
const OFF = { maxOpenMessages: null, dailyMessageCap: null, vacationUntil: null };

async function anotherFan() {
  const fan = await createUser(t.database.db);
  return signIn(t.app, fan.email ?? '', TEST_PASSWORD);
}

describe('capacity protection (issue #13)', () => {
  test('a full creator refuses checkout until a slot frees up', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const saved = await setCapacity(creatorCookie, { ...OFF, maxOpenMessages: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ maxOpenMessages: 1, pause: null });

    const first = await sendPaidMessage(t.app, fanCookie, creator.id);
    const other = await anotherFan();
    const refused = await startCheckout(other, creator.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This creator is currently unavailable. Taking messages again when a slot frees up.',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/creator/capacity', headers: { cookie: creatorCookie } })).json(),
    ).toMatchObject({ pause: { reason: 'full', until: null } });

    // Answering frees the slot.
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${first.messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Thanks for writing, here is my answer to you.' },
    });
    expect((await startCheckout(other, creator.id)).statusCode).toBe(200);
  });

  test('browse cards and the public profile say a full creator is full, and stop as soon as a slot frees up', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const card = async () => {
      const found = await t.app.inject({ method: 'GET', url: `/api/creators?search=${creator.username}` });
      expect(found.statusCode, found.body).toBe(200);
      const profile = await t.app.inject({ method: 'GET', url: `/api/profiles/${creator.username}` });
      expect(profile.statusCode, profile.body).toBe(200);
      const [only] = found.json().creators as Array<{ id: string; pauseReason: string | null }>;
      expect(only?.id).toBe(creator.id);
      expect(profile.json().pauseReason).toBe(only?.pauseReason);
      return only?.pauseReason;
    };
    expect((await setCapacity(creatorCookie, { ...OFF, maxOpenMessages: 1 })).statusCode).toBe(200);
    expect(await card()).toBeNull();
    const first = await sendPaidMessage(t.app, fanCookie, creator.id);
    expect(await card()).toBe('full');
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${first.messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Thanks for writing, here is my answer to you.' },
    });
    expect(await card()).toBeNull();
  });

  test('a daily cap refuses checkout until tomorrow', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const today = t.clock.now();
    t.clock.set(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 9)));
    expect((await setCapacity(creatorCookie, { ...OFF, dailyMessageCap: 1 })).statusCode).toBe(200);
    await sendPaidMessage(t.app, fanCookie, creator.id);
    const refused = await startCheckout(await anotherFan(), creator.id);
    expect(refused.statusCode).toBe(409);
    const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1));
    const label = tomorrow.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(refused.json().error.message).toBe(`This creator is currently unavailable. Back on ${label}.`);
    t.clock.set(new Date(tomorrow.getTime() + HOUR));
    expect((await startCheckout(await anotherFan(), creator.id)).statusCode).toBe(200);
  });

  test('vacation refuses checkout until its end date, then checkout opens again by itself', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const until = new Date(t.clock.now().getTime() + 72 * HOUR);
    const saved = await setCapacity(creatorCookie, { ...OFF, vacationUntil: until.toISOString() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().pause).toEqual({ reason: 'away', until: until.toISOString() });
    const refused = await startCheckout(fanCookie, creator.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^This creator is currently unavailable\. Back on \w+ \d+, \d{4}\.$/);
    t.clock.set(new Date(until.getTime() + 1000));
    expect((await startCheckout(fanCookie, creator.id)).statusCode).toBe(200);
  });

  test('a checkout started before the creator went away is refused when paid, and nothing is held', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const started = await startCheckout(fanCookie, creator.id);
    expect(started.statusCode).toBe(200);
    const paymentId = (started.json().url as string).split('/').pop() ?? '';
    const until = new Date(t.clock.now().getTime() + 48 * HOUR);
    expect((await setCapacity(creatorCookie, { ...OFF, vacationUntil: until.toISOString() })).statusCode).toBe(200);
    const pay = await payLocal(t.app, fanCookie, paymentId);
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.message).toMatch(/^This creator is currently unavailable\. Back on /);
    const payment = await paymentRow(t.database.db, paymentId);
    expect(payment.status).toBe('canceled');
    expect((await messageRow(t.database.db, payment.messageId ?? '')).status).toBe('cancelled');
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('bad settings are a clear 400; fans have no capacity settings', async () => {
    const { fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const zero = await setCapacity(creatorCookie, { ...OFF, maxOpenMessages: 0 });
    expect(zero.statusCode).toBe(400);
    const past = await setCapacity(creatorCookie, {
      ...OFF,
      vacationUntil: new Date(t.clock.now().getTime() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('Choose an end date in the future.');
    expect((await setCapacity(fanCookie, OFF)).statusCode).toBe(403);
  });
});
