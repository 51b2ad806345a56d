import type { TRealtimeEvent } from '@fanline/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  connectSse,
  createAdmin,
  createTestApp,
  fanAndCreator,
  openTestDatabase,
  sendPaidMessage,
  signIn,
  testDriver,
  useTestApp,
} from '../../testing';

let baseUrl: string;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
beforeAll(async () => {
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

describe('GET /api/events', () => {
  test('needs a signed-in user', async () => {
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(401);
  });

  test('a paid message reaches the creator’s open stream; the reply reaches the fan’s', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const creatorStream = await connectSse(baseUrl, creatorCookie);
    const fanStream = await connectSse(baseUrl, fanCookie);
    try {
      const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
      expect(await creatorStream.next((e) => e.type === 'notification')).toMatchObject({ type: 'notification' });
      expect(await creatorStream.next((e) => e.type === 'message')).toMatchObject({ messageId, status: 'sent' });
      await t.app.inject({
        method: 'POST',
        url: `/api/messages/${messageId}/reply`,
        headers: { cookie: creatorCookie },
        payload: { content: 'Here is my answer for you, thank you!' },
      });
      expect(await fanStream.next((e) => e.type === 'message' && e.status === 'responded')).toMatchObject({
        conversationId: messageId,
      });
    } finally {
      creatorStream.close();
      fanStream.close();
    }
  });

  // The instance that commits a change hands its events to its own streams at once, and its copy
  // coming back through LISTEN is dropped (decision 0017 round 5): each event is heard once.
  test('a stream on the publishing instance hears each event once', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const creatorStream = await connectSse(baseUrl, creatorCookie);
    try {
      const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
      const live = (e: TRealtimeEvent) => e.type === 'message' && e.messageId === messageId;
      expect(await creatorStream.next(live)).toMatchObject({ status: 'sent' });
      expect(await creatorStream.next((e) => e.type === 'notification')).toMatchObject({ type: 'notification' });
      // Long enough for the LISTEN copy (milliseconds) to have come back.
      await expect(creatorStream.next(live, 500)).rejects.toThrow();
      await expect(creatorStream.next((e) => e.type === 'notification', 100)).rejects.toThrow();
    } finally {
      creatorStream.close();
    }
  });

  test('an admin’s open stream hears of the payment, which a fan’s does not', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const admin = await createAdmin(t.database.db);
    const adminStream = await connectSse(baseUrl, await signIn(t.app, admin.email ?? ''));
    const fanStream = await connectSse(baseUrl, fanCookie);
    try {
      await sendPaidMessage(t.app, fanCookie, creator.id);
      expect(await adminStream.next((e) => e.type === 'admin-activity')).toEqual({
        type: 'admin-activity',
        kind: 'payment',
      });
      await expect(fanStream.next((e) => e.type === 'admin-activity', 300)).rejects.toThrow();
    } finally {
      adminStream.close();
      fanStream.close();
    }
  });

  test('nobody else hears it', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const other = await fanAndCreator(t.app, t.database.db);
    const strangerStream = await connectSse(baseUrl, other.fanCookie);
    try {
      await sendPaidMessage(t.app, fanCookie, creator.id);
      await expect(strangerStream.next(() => true, 500)).rejects.toThrow();
    } finally {
      strangerStream.close();
    }
  });
});

// Two server instances on one PostgreSQL (ARCHITECTURE §5): PGlite serves one process only.
describe.skipIf(testDriver() !== 'postgres')('two instances on one PostgreSQL', () => {
  test('an event sent through one reaches an SSE client of the other', async () => {
    const database = await openTestDatabase();
    const other = await createTestApp({ database, env: { AUTH_IP_LIMIT: '10000' } });
    try {
      const otherUrl = await other.app.listen({ host: '127.0.0.1', port: 0 });
      const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
      const creatorCookieOnOther = await signIn(other.app, creator.email ?? '');
      const stream = await connectSse(otherUrl, creatorCookieOnOther);
      try {
        const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
        expect(await stream.next((e) => e.type === 'message')).toMatchObject({ messageId, status: 'sent' });
      } finally {
        stream.close();
      }
    } finally {
      await other.app.close();
      await database.close();
    }
  });
});
