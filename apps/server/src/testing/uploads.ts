import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../platform/db';
import { REPLY } from './earnings';
import { multipartFile } from './http';
import { fanAndCreator, payLocal, SAMPLE_MESSAGE } from './messaging';

/** A small PNG, different per colour, as a browser would upload. */
export const testPng = (color = { r: 200, g: 40, b: 90 }, width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** POSTs one file as multipart field "file" (avatar, cover, portfolio or attachment route). */
export function uploadFile(app: FastifyInstance, url: string, cookie: string, bytes: Buffer) {
  const { payload, headers } = multipartFile('file', 'picture.png', 'image/png', bytes);
  return app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie } });
}

async function must<T>(response: Promise<{ statusCode: number; body: string; json(): T }>, status: number) {
  const res = await response;
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

/**
 * Every kind of upload in one journey, through HTTP: the creator's avatar and a portfolio image, a
 * paid message from the fan with an image, and the creator's reply (which captures) with an image.
 */
export async function journeyWithUploads(app: FastifyInstance, db: Db) {
  const people = await fanAndCreator(app, db);
  const { creator, fanCookie, creatorCookie } = people;
  const { avatarUrl } = await must<{ avatarUrl: string }>(
    uploadFile(app, '/api/profile/me/avatar', creatorCookie, await testPng({ r: 10, g: 120, b: 200 })),
    200,
  );
  const { portfolioImages } = await must<{ portfolioImages: string[] }>(
    uploadFile(app, '/api/profile/me/portfolio', creatorCookie, await testPng({ r: 30, g: 200, b: 60 }, 300, 200)),
    200,
  );
  const fanImage = await must<{ id: string }>(uploadFile(app, '/api/attachments', fanCookie, await testPng()), 201);
  const checkout = await must<{ url: string }>(
    app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: fanCookie },
      payload: { recipientId: creator.id, messageContent: SAMPLE_MESSAGE, attachmentIds: [fanImage.id] },
    }),
    200,
  );
  const paymentId = checkout.url.split('/').pop() ?? '';
  await must(payLocal(app, fanCookie, paymentId), 200);
  const list = await must<{ conversations: Array<{ lastMessageId: string }> }>(
    app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: creatorCookie } }),
    200,
  );
  const messageId = list.conversations[0]?.lastMessageId ?? '';
  const replyImage = await must<{ id: string }>(
    uploadFile(app, '/api/attachments', creatorCookie, await testPng({ r: 250, g: 200, b: 0 })),
    201,
  );
  await must(
    app.inject({
      method: 'POST',
      url: `/api/messages/${messageId}/reply`,
      headers: { cookie: creatorCookie },
      payload: { content: REPLY, attachmentIds: [replyImage.id] },
    }),
    200,
  );
  return {
    ...people,
    avatarUrl,
    portfolioImages,
    paymentId,
    messageId,
    fanImageId: fanImage.id,
    replyImageId: replyImage.id,
  };
}
