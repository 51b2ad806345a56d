import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createUser,
  fanAndCreator,
  SAMPLE_MESSAGE,
  type SmtpCapture,
  sendPaidMessage,
  signIn,
  startSmtpCapture,
  useTestApp,
} from '../../testing';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Mail configured, confirmation not required, so test accounts sign in as they are.
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({
  env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_CONFIRMATION: 'false', AUTH_IP_LIMIT: '10000' },
}));

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie } });

test('a new paid message is mailed to the creator, with a link to the conversation', async () => {
  const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
  const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
  const mail = await smtp.waitFor(creator.email ?? '');
  expect(mail.body).toContain('Subject: New $25 message from');
  expect(mail.body).toContain(SAMPLE_MESSAGE);
  expect(mail.body).toContain(`http://localhost:3000/dashboard/messages/${messageId}`);
});

describe('the bell', () => {
  test('lists the newest 10 with the unread count; marks one and all read', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1000);
      await sendPaidMessage(t.app, fanCookie, creator.id, `Question number ${i} for you!`);
    }
    const list = (await get('/api/notifications', creatorCookie)).json();
    expect(list.notifications).toHaveLength(10);
    expect(list.unreadCount).toBe(12);
    expect(list.notifications[0]).toMatchObject({
      type: 'new_message',
      body: 'Question number 11 for you!',
      relatedEntityType: 'message',
    });

    expect((await post(`/api/notifications/${list.notifications[0].id}/read`, creatorCookie)).statusCode).toBe(204);
    expect((await get('/api/notifications', creatorCookie)).json().unreadCount).toBe(11);
    await post('/api/notifications/read-all', creatorCookie);
    expect((await get('/api/notifications', creatorCookie)).json().unreadCount).toBe(0);
  });

  test('opening a conversation reads its notifications, and only its own (issue 36 §11)', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const first = await sendPaidMessage(t.app, fanCookie, creator.id, 'A first question for the bell test.');
    const other = await fanAndCreator(t.app, t.database.db);
    // A second fan writes too: that conversation's notification stays unread.
    const fanB = await createUser(t.database.db);
    const fanBCookie = await signIn(t.app, fanB.email ?? '');
    await sendPaidMessage(t.app, fanBCookie, creator.id, 'A second fan asks something else.');
    expect((await get('/api/notifications', creatorCookie)).json().unreadCount).toBe(2);

    expect((await get(`/api/conversations/${first.messageId}`, creatorCookie)).statusCode).toBe(200);
    expect((await get('/api/notifications', creatorCookie)).json().unreadCount).toBe(1);
    // Someone who is not a party gets 404 and reads nothing of the creator's.
    expect((await get(`/api/conversations/${first.messageId}`, other.fanCookie)).statusCode).toBe(404);
    expect((await get('/api/notifications', creatorCookie)).json().unreadCount).toBe(1);
  });

  test("a stranger neither sees nor changes someone else's notifications", async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    await sendPaidMessage(t.app, fanCookie, creator.id);
    const [mine] = (await get('/api/notifications', creatorCookie)).json().notifications;
    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email ?? '');
    expect((await get('/api/notifications', strangerCookie)).json()).toEqual({ notifications: [], unreadCount: 0 });
    await post(`/api/notifications/${mine.id}/read`, strangerCookie);
    await post('/api/notifications/read-all', strangerCookie);
    expect((await get('/api/notifications', creatorCookie)).json().unreadCount).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('notification preferences (ARCHITECTURE §7: on the server once mail exists)', () => {
  test('default to email on, push on; a creator who turns email off gets no new-message mail', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const url = '/api/profile/me/notification-preferences';
    expect((await get(url, creatorCookie)).json()).toMatchObject({ email: true, push: true });
    // Decision 0031: no marketing switch (nothing sends marketing); an older client's field is ignored.
    expect((await get(url, creatorCookie)).json()).not.toHaveProperty('marketing');
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: creatorCookie },
      payload: { email: false, push: true, marketing: false },
    });
    expect(saved.json()).toMatchObject({ email: false, push: true });
    expect((await get(url, creatorCookie)).json().email).toBe(false);
    await sendPaidMessage(t.app, fanCookie, creator.id);
    await expect(smtp.waitFor(creator.email ?? '', 500)).rejects.toThrow();
    expect(
      (await t.app.inject({ method: 'PUT', url, payload: { email: true, push: true, marketing: true } })).statusCode,
    ).toBe(401);
  });
});
