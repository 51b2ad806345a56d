import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { messages, profiles, profileViews, userPresence } from '../../db/schema';
import { createCreator, createUser, fanAndCreator, sendPaidMessage, signIn, useTestApp } from '../../testing';
import { startOfWeekUtc } from '../creators';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const ORIGIN = 'http://localhost:3000';
const activity = (cookie: string, status: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/activity', headers: { cookie, ...headers }, payload: { status } });

async function presenceOf(userId: string) {
  const [row] = await t.database.db.select().from(userPresence).where(eq(userPresence.userId, userId));
  return row;
}

/** profiles.last_active_at, which the previous release reads; a trigger keeps it in step (decision 0073). */
async function oldLastActiveAt(userId: string) {
  const [row] = await t.database.db
    .select({ lastActiveAt: profiles.lastActiveAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.lastActiveAt ?? null;
}

async function signedInCreator() {
  const creator = await createCreator(t.database.db);
  return { creator, cookie: await signIn(t.app, creator.email ?? '') };
}

describe('POST /api/activity', () => {
  test('heartbeats write at most once per 30 s; a change of status writes at once', async () => {
    const { creator, cookie } = await signedInCreator();
    const start = t.clock.now();
    expect((await activity(cookie, 'online')).statusCode).toBe(204);
    expect((await presenceOf(creator.id))?.lastSeenAt.getTime()).toBe(start.getTime());

    t.clock.advance(20_000);
    await activity(cookie, 'online');
    expect((await presenceOf(creator.id))?.lastSeenAt.getTime()).toBe(start.getTime());

    t.clock.advance(10_000);
    await activity(cookie, 'online');
    expect((await presenceOf(creator.id))?.lastSeenAt.getTime()).toBe(start.getTime() + 30_000);
    expect((await presenceOf(creator.id))?.lastActiveAt?.getTime()).toBe(start.getTime() + 30_000);
    expect((await oldLastActiveAt(creator.id))?.getTime()).toBe(start.getTime() + 30_000);

    t.clock.advance(1_000);
    await activity(cookie, 'away');
    expect(await presenceOf(creator.id)).toMatchObject({ status: 'away' });
    // Away is activity; signing out is not: "Last active" stays at the last online or away write.
    t.clock.advance(1_000);
    await activity(cookie, 'offline');
    expect(await presenceOf(creator.id)).toMatchObject({
      status: 'offline',
      lastActiveAt: new Date(start.getTime() + 31_000),
    });
  });

  test("the previous release's write (status and last_seen_at only) still stamps last active, both places (decision 0073)", async () => {
    const user = await createUser(t.database.db);
    const at = new Date('2026-11-20T10:00:00Z');
    const write = (status: string, when: Date) =>
      t.database.db.execute(sql`
        insert into user_presence (user_id, status, last_seen_at) values (${user.id}, ${status}, ${when})
        on conflict (user_id) do update set status = excluded.status, last_seen_at = excluded.last_seen_at`);
    await write('online', at);
    expect((await presenceOf(user.id))?.lastActiveAt).toEqual(at);
    expect(await oldLastActiveAt(user.id)).toEqual(at);
    await write('offline', new Date(at.getTime() + 60_000));
    expect((await presenceOf(user.id))?.lastActiveAt).toEqual(at);
  });

  test('the unload beacon (text/plain, same origin) marks the user offline; foreign or bad ones are refused', async () => {
    const { creator, cookie } = await signedInCreator();
    await activity(cookie, 'online');
    const beacon = (headers: Record<string, string | undefined>, body = JSON.stringify({ status: 'offline' })) =>
      t.app.inject({
        method: 'POST',
        url: '/api/activity',
        headers: { cookie, 'content-type': 'text/plain;charset=UTF-8', ...headers },
        payload: body,
      });
    // A cross-site page: its Origin is refused, and without Origin or Sec-Fetch-Site it proves nothing.
    expect((await beacon({ origin: 'https://evil.example' })).statusCode).toBe(403);
    // (origin: undefined: the test client would otherwise add the page's Origin, as a browser does.)
    expect((await beacon({ origin: undefined })).statusCode).toBe(403);
    expect(await presenceOf(creator.id)).toMatchObject({ status: 'online' });
    expect((await beacon({ origin: ORIGIN }, 'not json')).statusCode).toBe(400);
    expect((await beacon({ origin: ORIGIN }, JSON.stringify({ status: 'gone' }))).statusCode).toBe(400);
    expect((await beacon({ origin: ORIGIN }, JSON.stringify({ status: 'x'.repeat(300) }))).statusCode).toBe(413);

    expect((await beacon({ origin: ORIGIN })).statusCode).toBe(204);
    expect(await presenceOf(creator.id)).toMatchObject({ status: 'offline' });
    await activity(cookie, 'online');
    expect((await beacon({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
    expect(await presenceOf(creator.id)).toMatchObject({ status: 'offline' });
  });

  test('signed out: the call is refused, and signing out marks the user offline', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/activity', payload: { status: 'online' } })).statusCode,
    ).toBe(401);
    const { creator, cookie } = await signedInCreator();
    await activity(cookie, 'online');
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(204);
    expect(await presenceOf(creator.id)).toMatchObject({ status: 'offline' });
  });

  test('cards and the profile say online within 90 s of a heartbeat, and not once 90 s have passed', async () => {
    const { creator, cookie } = await signedInCreator();
    const card = async () =>
      (await t.app.inject({ url: `/api/creators?search=${creator.username}` })).json().creators[0];
    expect(await card()).toMatchObject({ isOnline: false, lastActiveAt: null });

    // The card's test reads the database clock, so the heartbeat is stamped with real time here.
    t.clock.set(new Date());
    await activity(cookie, 'online');
    expect(await card()).toMatchObject({ isOnline: true });
    expect((await t.app.inject({ url: `/api/profiles/${creator.username}` })).json()).toMatchObject({ isOnline: true });

    await t.database.db
      .update(userPresence)
      .set({ lastSeenAt: sql`now() - interval '91 seconds'` })
      .where(eq(userPresence.userId, creator.id));
    expect(await card()).toMatchObject({ isOnline: false });
    expect((await card()).lastActiveAt).not.toBeNull();
  });
});

describe('GET /api/creator/metrics', () => {
  test('a fan is refused, not shown zeros; a guest must sign in', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    const refused = await t.app.inject({ url: '/api/creator/metrics', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/creator/metrics' })).statusCode).toBe(401);
  });

  test('counts today, this week (from Monday) and in total, the reply time, views and presence', async () => {
    // Wednesday noon UTC, so "this week" holds Monday and Tuesday but not last Sunday.
    t.clock.set(new Date('2026-11-25T12:00:00Z'));
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const metrics = async () =>
      (await t.app.inject({ url: '/api/creator/metrics', headers: { cookie: creatorCookie } })).json();
    expect(await metrics()).toEqual({
      messagesToday: 0,
      messagesThisWeek: 0,
      totalMessages: 0,
      avgResponseTimeHours: null,
      profileViewsToday: 0,
      profileViewsTotal: 0,
      lastActive: null,
      isOnline: false,
    });

    const today = await sendPaidMessage(t.app, fanCookie, creator.id);
    t.clock.advance(3 * 3_600_000);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${today.messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: 'Thanks for writing, here is my answer.' },
    });
    expect(reply.statusCode).toBe(200);
    const monday = await sendPaidMessage(t.app, fanCookie, creator.id, 'A Monday question about my training plan.');
    const sunday = await sendPaidMessage(t.app, fanCookie, creator.id, 'A Sunday question about my training plan.');
    await t.database.db
      .update(messages)
      .set({ createdAt: new Date('2026-11-23T08:00:00Z') })
      .where(eq(messages.id, monday.messageId));
    await t.database.db
      .update(messages)
      .set({ createdAt: new Date('2026-11-22T23:00:00Z') })
      .where(eq(messages.id, sunday.messageId));
    // Views: two today, one yesterday.
    await t.database.db.insert(profileViews).values([
      { profileId: creator.id, viewedAt: new Date('2026-11-25T09:00:00Z') },
      { profileId: creator.id, viewedAt: new Date('2026-11-25T10:00:00Z') },
      { profileId: creator.id, viewedAt: new Date('2026-11-24T10:00:00Z') },
    ]);
    await activity(creatorCookie, 'online');

    expect(await metrics()).toEqual({
      messagesToday: 1,
      messagesThisWeek: 2,
      totalMessages: 3,
      avgResponseTimeHours: 3,
      profileViewsToday: 2,
      profileViewsTotal: 3,
      lastActive: t.clock.now().toISOString(),
      isOnline: true,
    });
    t.clock.advance(91_000);
    expect((await metrics()).isOnline).toBe(false);
  });

  test('weeks start on Monday 00:00 UTC', () => {
    expect(startOfWeekUtc(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfWeekUtc(new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfWeekUtc(new Date('2026-11-30T00:00:01Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });
});
