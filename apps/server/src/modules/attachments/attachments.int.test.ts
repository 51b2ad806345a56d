import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { messageAttachments } from '../../db/schema';
import { runJobsOnce } from '../../jobs/run-jobs';
import {
  createAdmin,
  createUser,
  fanAndCreator,
  multipartFile,
  payLocal,
  REPLY,
  SAMPLE_MESSAGE,
  signIn,
  useTestApp,
} from '../../testing';

const HOUR = 3_600_000;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const png = (width = 40, height = 30, color = { r: 200, g: 40, b: 90 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

function upload(cookie: string | undefined, bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const { payload, headers } = multipartFile('file', name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/attachments',
    payload,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}
async function uploaded(cookie: string, bytes?: Buffer): Promise<string> {
  const res = await upload(cookie, bytes ?? (await png()));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A paid message with images, through the real checkout: upload, start the checkout with the ids, pay. */
async function paidMessageWith(fanCookie: string, creatorId: string, attachmentIds: string[]) {
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { cookie: fanCookie },
    payload: { recipientId: creatorId, messageContent: SAMPLE_MESSAGE, attachmentIds },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const paymentId = (checkout.json().url as string).split('/').pop() ?? '';
  expect((await payLocal(t.app, fanCookie, paymentId)).statusCode).toBe(200);
  return paymentId;
}

describe('attachments both ways (issue #13)', () => {
  test('a fan sends images with a paid message, the creator replies with one; both see them, strangers do not', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const mine = [await uploaded(fanCookie), await uploaded(fanCookie, await png(3000, 1000))];
    await paidMessageWith(fanCookie, creator.id, mine);

    const list = await get('/api/conversations', creatorCookie);
    const messageId = list.json().conversations[0].lastMessageId as string;
    const reply = await uploaded(creatorCookie);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: REPLY, attachmentIds: [reply] },
    });
    expect(answered.statusCode, answered.body).toBe(200);

    for (const cookie of [fanCookie, creatorCookie]) {
      const thread = (await get(`/api/conversations/${messageId}`, cookie)).json();
      const [message] = thread.messages;
      const parts = message.attachments.map((a: { id: string; part: string }) => [a.id, a.part]);
      // Uploaded within the same (test) instant, so the two of the message may come in either order.
      expect(parts.slice(0, 2)).toEqual(
        expect.arrayContaining([
          [mine[0], 'message'],
          [mine[1], 'message'],
        ]),
      );
      expect(parts[2]).toEqual([reply, 'response']);
      // Re-encoded and bounded: the 3000 px wide picture comes back at most 2048 px wide.
      const wide = message.attachments.find((a: { id: string }) => a.id === mine[1]);
      expect(wide).toMatchObject({ width: 2048, height: 683, url: `/api/attachments/${mine[1]}` });
    }

    const image = await get(`/api/attachments/${mine[0]}`, creatorCookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    expect((await get(`/api/attachments/${reply}`, fanCookie)).statusCode).toBe(200);

    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(t.app, stranger.email ?? '');
    expect((await get(`/api/attachments/${mine[0]}`, strangerCookie)).statusCode).toBe(404);
    expect((await get(`/api/attachments/${mine[0]}`)).statusCode).toBe(401);
    const admin = await createAdmin(t.database.db);
    expect((await get(`/api/attachments/${reply}`, await signIn(t.app, admin.email ?? ''))).statusCode).toBe(200);
    // Not in the public uploads folder either.
    const [row] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.id, mine[0] ?? ''));
    expect((await get(`/uploads/${row?.fileName}`)).statusCode).toBe(404);
    expect((await get(`/uploads/../attachments/${row?.fileName}`)).statusCode).toBe(404);
    expect(fan.id).not.toBe(creator.id);
  });

  test('a follow-up carries its own images', async () => {
    const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    await paidMessageWith(fanCookie, creator.id, []);
    const messageId = (await get('/api/conversations', creatorCookie)).json().conversations[0].lastMessageId;
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: REPLY },
    });
    const image = await uploaded(creatorCookie);
    const followUp = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/follow-up`,
      headers: { cookie: creatorCookie },
      payload: { content: 'One more thing I forgot to mention, see the picture.', attachmentIds: [image] },
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    const thread = (await get(`/api/conversations/${messageId}`, fanCookie)).json();
    // The test clock stands still, so find the follow-up rather than rely on its place.
    const last = thread.messages.find((m: { isFollowup: boolean }) => m.isFollowup);
    expect(thread.messages.filter((m: { attachments: unknown[] }) => m.attachments.length > 0)).toHaveLength(1);
    expect(last.attachments.map((a: { id: string; part: string }) => [a.id, a.part])).toEqual([[image, 'message']]);
  });

  test('type is read from the bytes, 5 MB per image, 3 per message, only your own unsent uploads', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const fake = await upload(fanCookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.png');
    expect(fake.statusCode).toBe(415);
    const html = await upload(fanCookie, Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png');
    expect(html.statusCode).toBe(415);
    const huge = await upload(fanCookie, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect((await upload(undefined, await png())).statusCode).toBe(401);

    const four = [
      await uploaded(fanCookie),
      await uploaded(fanCookie),
      await uploaded(fanCookie),
      await uploaded(fanCookie),
    ];
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: fanCookie },
      payload: { recipientId: creator.id, messageContent: SAMPLE_MESSAGE, attachmentIds: four },
    });
    expect(tooMany.statusCode).toBe(400);

    const other = await fanAndCreator(t.app, t.database.db);
    const notMine = await uploaded(other.fanCookie);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: fanCookie },
      payload: { recipientId: creator.id, messageContent: SAMPLE_MESSAGE, attachmentIds: [notMine] },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields).toEqual({ attachmentIds: 'An image could not be found. Upload it again.' });

    // Sent once, an image cannot be sent again with another message.
    await paidMessageWith(fanCookie, creator.id, four.slice(0, 3));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: fanCookie },
      payload: { recipientId: creator.id, messageContent: SAMPLE_MESSAGE, attachmentIds: [four[0]] },
    });
    expect(again.statusCode).toBe(400);
  });

  test('uploads never sent are removed by the jobs loop a day later, files included; sent ones stay', async () => {
    const { creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const orphan = await uploaded(fanCookie);
    const sent = await uploaded(fanCookie);
    await paidMessageWith(fanCookie, creator.id, [sent]);
    const rows = await t.database.db.select().from(messageAttachments);
    const orphanFile = path.join(
      t.app.config.dataDir,
      'attachments',
      rows.find((r) => r.id === orphan)?.fileName ?? '',
    );
    expect(fs.existsSync(orphanFile)).toBe(true);

    t.clock.advance(2 * HOUR);
    await runJobsOnce(t.app);
    expect((await get(`/api/attachments/${orphan}`, fanCookie)).statusCode).toBe(200);

    t.clock.advance(23 * HOUR);
    await runJobsOnce(t.app);
    expect((await get(`/api/attachments/${orphan}`, fanCookie)).statusCode).toBe(404);
    expect(fs.existsSync(orphanFile)).toBe(false);
    expect((await get(`/api/attachments/${sent}`, fanCookie)).statusCode).toBe(200);
  });
});
