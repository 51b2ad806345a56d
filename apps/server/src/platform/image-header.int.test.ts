import zlib from 'node:zlib';
import { UPLOAD_MESSAGES } from '@fanline/contracts';
import { beforeAll, describe, expect, test } from 'vitest';
import { PROFILE_UPLOADS_PER_MINUTE } from '../modules/profiles/image-file';
import { createCreator, createUser, multipartFile, signIn, testPng, uploadFile, useTestApp } from '../testing';
import { checkImageHeader, MAX_IMAGE_PIXELS } from './image-header';

// Security review F2: a few kilobytes of PNG may claim 25 megapixels, which sharp (default cap ~268 MP)
// would unpack into memory on every upload path. The header is read first and such a file refused
// with a clear 413 before any decoding, on all four upload routes.
const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000' } });

/** A valid 1-bit greyscale PNG of width × height, all black: tiny on disk, huge once decoded. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const row = Math.ceil(width / 8) + 1; // a filter byte, then the bits
  const pixels = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BOMB = hugePng(5000, 5000);
let creatorCookie: string;
let fanCookie: string;

beforeAll(async () => {
  const creator = await createCreator(t.database.db);
  creatorCookie = await signIn(t.app, creator.email ?? '');
  const fan = await createUser(t.database.db);
  fanCookie = await signIn(t.app, fan.email ?? '');
});

describe('a pixel limit read from the header (security review F2)', () => {
  test('the crafted image is small on disk and over the limit', () => {
    expect(BOMB.length).toBeLessThan(100_000);
    expect(5000 * 5000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  test.each([
    ['an avatar', '/api/profile/me/avatar', 'creator'],
    ['a cover', '/api/profile/me/cover', 'creator'],
    ['a portfolio image', '/api/profile/me/portfolio', 'creator'],
    ['a message attachment', '/api/attachments', 'fan'],
  ])('%s of 25 megapixels is refused fast with 413 and says why', async (_what, url, who) => {
    const started = performance.now();
    const response = await uploadFile(t.app, url, who === 'fan' ? fanCookie : creatorCookie, BOMB);
    const elapsed = performance.now() - started;
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooManyPixels });
    // The whole request (session, multipart, database) stays under the 900 ms the review's probe spent
    // decoding such an image; the header check itself is measured alone below.
    expect(elapsed).toBeLessThan(900);
  });

  test('the decode-time budget: the header check alone refuses it in under 100 ms, without decoding', async () => {
    const started = performance.now();
    await expect(checkImageHeader(BOMB, new Set(['png']))).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: UPLOAD_MESSAGES.tooManyPixels,
    });
    expect(performance.now() - started).toBeLessThan(100);
  });

  test('an ordinary picture still uploads', async () => {
    const response = await uploadFile(t.app, '/api/profile/me/avatar', creatorCookie, await testPng());
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('profile uploads are limited per user (security review F2)', () => {
  test(`avatar, cover and portfolio share ${PROFILE_UPLOADS_PER_MINUTE} a minute per user, from any address`, async () => {
    const creator = await createCreator(t.database.db);
    const cookie = await signIn(t.app, creator.email ?? '');
    const routes = ['/api/profile/me/avatar', '/api/profile/me/cover', '/api/profile/me/portfolio'];
    const upload = (url: string, address: string) => {
      const { payload, headers } = multipartFile('file', 'picture.png', 'image/png', BOMB);
      return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie }, remoteAddress: address });
    };
    for (let i = 0; i < PROFILE_UPLOADS_PER_MINUTE; i++)
      expect((await upload(routes[i % 3] ?? '', `10.42.0.${i + 1}`)).statusCode).toBe(413);
    const over = await upload('/api/profile/me/avatar', '10.42.1.1');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    // Another user is not held back by it.
    const other = await uploadFile(t.app, '/api/profile/me/avatar', fanCookie, await testPng());
    expect(other.statusCode).toBe(200);
  });
});
