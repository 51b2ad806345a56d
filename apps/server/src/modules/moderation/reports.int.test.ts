import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, createUser, fanAndCreator, sendPaidMessage, signIn, useTestApp } from '../../testing';

let adminCookie: string;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
beforeAll(async () => {
  const admin = await createAdmin(t.database.db);
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const REPLY = 'Thanks for writing! Here is my honest advice for you, '.repeat(3).trim();
const report = (messageId: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/messages/${messageId}/report`, headers: { cookie }, payload });
const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: adminCookie }, payload });

describe('reports', () => {
  test('a fan reports the reply, the admin approves, the fan hears the outcome; reviewed once only', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    // No reply yet: nothing to report as a reply.
    expect((await report(messageId, fanCookie, { target: 'reply', reason: 'Rude answer' })).statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: REPLY },
    });
    expect((await report(messageId, fanCookie, { target: 'reply', reason: '' })).statusCode).toBe(400);
    // One's own words cannot be reported.
    expect((await report(messageId, fanCookie, { target: 'message', reason: 'Mine' })).statusCode).toBe(400);
    const twice = await Promise.all([
      report(messageId, fanCookie, { target: 'reply', reason: 'Not an answer at all' }),
      report(messageId, fanCookie, { target: 'reply', reason: 'Not an answer at all' }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const reportId = twice.find((r) => r.statusCode === 201)?.json().id;

    const queue = (await admin('GET', `/api/admin/moderation?search=${creator.username}&filter=pending`)).json();
    expect(queue.items).toMatchObject([
      {
        id: reportId,
        contentType: 'reply',
        content: REPLY,
        preview: `${REPLY.slice(0, 100)}...`,
        reason: 'Not an answer at all',
        status: 'pending',
        reporter: { username: fan.username },
        reportedUser: { username: creator.username },
      },
    ]);
    expect(queue.stats.pending).toBeGreaterThanOrEqual(1);

    t.clock.advance(1000);
    const decided = await admin('POST', `/api/admin/moderation/${reportId}/review`, {
      decision: 'approve',
      notes: 'Upheld: the reply did not answer.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toEqual({ status: 'approved' });
    const again = await admin('POST', `/api/admin/moderation/${reportId}/review`, { decision: 'reject' });
    expect(again.statusCode).toBe(409);

    const bell = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: fanCookie } })
    ).json();
    expect(bell.notifications[0]).toMatchObject({ type: 'report_reviewed', title: 'Your report was approved' });
    const reviewed = (await admin('GET', `/api/admin/moderation?search=${creator.username}&filter=approved`)).json();
    expect(reviewed.items).toMatchObject([
      { id: reportId, status: 'approved', moderatorNotes: 'Upheld: the reply did not answer.' },
    ]);
    const audit = (await admin('GET', '/api/admin/audit?limit=1')).json();
    expect(audit.entries[0]).toMatchObject({ action: 'report.approve', targetId: reportId });

    // After the review the same person may report the same item again.
    expect((await report(messageId, fanCookie, { target: 'reply', reason: 'Still not an answer' })).statusCode).toBe(
      201,
    );
  });

  test('the creator may report the message; a stranger may not (not found)', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email ?? '');
    expect((await report(messageId, strangerCookie, { target: 'message', reason: 'Spam' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/messages/${messageId}/report`,
          payload: { target: 'message', reason: 'Spam' },
        })
      ).statusCode,
    ).toBe(401);
    t.clock.advance(1000);
    const made = await report(messageId, creatorCookie, { target: 'message', reason: 'Asked me for my address' });
    expect(made.statusCode).toBe(201);
    t.clock.advance(1000);
    const rejected = await admin('POST', `/api/admin/moderation/${made.json().id}/review`, { decision: 'reject' });
    expect(rejected.json()).toEqual({ status: 'rejected' });
    const bell = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: creatorCookie } })
    ).json();
    expect(bell.notifications[0]).toMatchObject({ type: 'report_reviewed', title: 'Your report was reviewed' });
    const row = (await admin('GET', `/api/admin/moderation?search=${fan.username}&filter=rejected`)).json().items[0];
    expect(row).toMatchObject({ contentType: 'message', reportedUser: { username: fan.username } });
    expect((await admin('GET', '/api/admin/moderation?search=zzzz-nothing')).json().items).toEqual([]);
  });

  test('auto-moderation reports land in the same queue without a reporter', async () => {
    const { fan, creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    await sendPaidMessage(t.app, fanCookie, creator.id, 'Could we settle this over Venmo instead of here?');
    const queue = (await admin('GET', `/api/admin/moderation?search=${fan.username}`)).json();
    expect(queue.items).toMatchObject([
      { reporter: null, reason: 'Auto moderation: matched "venmo"', status: 'pending' },
    ]);
  });
});
