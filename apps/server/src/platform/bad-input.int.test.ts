import { LIMITS, UPLOAD_MESSAGES } from '@fanline/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminUsers } from '../db/schema';
import { createCreator, createUser, multipartFile, signIn, useTestApp } from '../testing';

// Security review M5 (a)–(f): input the schemas let through reached PostgreSQL, sharp or the
// multipart parser and came back as a 500. Each is a 4xx with the documented error shape now.
let fan: string;
let admin: string;
let creatorId: string;
const t = useTestApp({ env: { AUTH_IP_LIMIT: '1000', AUTH_EMAIL_LIMIT: '1000' } });
beforeAll(async () => {
  const db = t.database.db;
  const fanUser = await createUser(db);
  fan = await signIn(t.app, fanUser.email ?? '');
  const adminUser = await createUser(db);
  await db.insert(adminUsers).values({ userId: adminUser.id, role: 'admin' });
  admin = await signIn(t.app, adminUser.email ?? '');
  creatorId = (await createCreator(db)).id;
});

function expectClientError(response: { statusCode: number; json(): unknown }, status = 400) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({
    error: { code: expect.any(String), message: expect.any(String), requestId: expect.any(String) },
  });
}

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describe('NUL bytes and lone surrogates are refused by the schema in every kind of field', () => {
  // [method, url, field, body with the bad value, who is signed in]
  const bodies: [string, string, string, (bad: string) => Record<string, unknown>, ('fan' | 'admin')?][] = [
    ['PATCH', '/api/profile/me', 'bio', (bad) => ({ bio: bad }), 'fan'],
    ['PATCH', '/api/profile/me', 'displayName', (bad) => ({ displayName: bad }), 'fan'],
    ['POST', '/api/auth/sign-in', 'email', (bad) => ({ email: `x${bad}@example.test`, password: 'whatever' })],
    [
      'POST',
      '/api/auth/sign-up',
      'displayName',
      (bad) => ({ email: 'nul@example.test', password: 'secret-pass', username: 'nul_user', displayName: bad }),
    ],
    [
      'POST',
      '/api/checkout',
      'messageContent',
      (bad) => ({ recipientId: creatorId, messageContent: `Hello there ${bad} creator` }),
      'fan',
    ],
    ['PUT', '/api/instagram-key', 'apiKey', (bad) => ({ apiKey: bad }), 'admin'],
  ];
  for (const [method, url, field, body, who] of bodies) {
    for (const [name, bad] of [
      ['NUL', NUL],
      ['lone surrogate', LONE],
    ] as const) {
      test(`${method} ${url} ${field} with a ${name}`, async () => {
        const cookie = who === 'admin' ? admin : who === 'fan' ? fan : undefined;
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          // JSON.stringify escapes a lone surrogate as \ud800, as a client's JSON would carry it.
          payload: JSON.stringify(body(bad)),
        });
        expectClientError(response);
        expect(response.json().error.code).toBe('VALIDATION_FAILED');
        expect(response.json().error.fields[field]).toBeDefined();
      });
    }
  }

  test.each([
    '/api/creators?search=%00',
    '/api/creators?categories=a%00',
    '/api/creators/find?q=%00x',
    '/api/creators/quick-search?q=ab%00',
    '/api/auth/username-available?username=a%00b',
    '/api/profiles/%00',
    '/api/profiles/ab%00/reviews',
    '/api/conversations?search=%00',
  ])('GET %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: fan } });
    expectClientError(response);
  });
});

describe('e-mail addresses longer than 254 characters', () => {
  const long = `${'a'.repeat(64)}@${'b'.repeat(200)}.test`;
  test.each([
    ['/api/auth/sign-in', { email: long, password: 'whatever' }],
    ['/api/auth/sign-up', { email: long, password: 'secret-pass', username: 'long_mail', displayName: 'Long' }],
    ['/api/auth/forgot-password', { email: long }],
    ['/api/auth/resend-confirmation', { email: long }],
  ])('%s answers 400', async (url, payload) => {
    expect(long.length).toBeGreaterThan(254);
    const response = await t.app.inject({ method: 'POST', url, payload });
    expectClientError(response);
    expect(response.json().error.fields.email).toBeDefined();
  });

  test('a 3 KB address, too big for the rate-limit index, is a 400 as well', async () => {
    const huge = `${'x'.repeat(3200)}@x.test`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: huge, password: 'x' },
    });
    expectClientError(response);
  });
});

describe('a keyset cursor whose values do not fit its sort', () => {
  const cursor = (value: unknown, id: unknown = '00000000-0000-4000-8000-000000000000') =>
    Buffer.from(JSON.stringify([value, id])).toString('base64url');

  test.each([
    ['response_rate_desc', cursor('abc')],
    ['price_asc', cursor('abc')],
    ['price_asc', cursor(1.5)],
    ['price_desc', cursor(1e12)],
    ['recent', cursor(12)],
    ['recent', cursor('not a time')],
    ['new', cursor('2026-02-31 10:00:00+00')],
    ['new', cursor('2026-11-01 10:00:00+00', '------------------------------------')],
  ])('browse sort=%s cursor=%s is a 400', async (sort, value) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/creators?sort=${sort}&cursor=${value}` });
    expectClientError(response);
    expect(response.json().error.message).toBe('Invalid cursor.');
  });

  test('the reviews cursor is checked the same way', async () => {
    const creator = await createCreator(t.database.db);
    for (const bad of [cursor('abc'), cursor(42), cursor('2026-11-01 25:00:00+00')]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/profiles/${creator.username}/reviews?cursor=${bad}`,
      });
      expectClientError(response);
    }
  });

  test('the cursors the API itself hands out still page', async () => {
    const prices = [1100, 1200, 1300];
    for (const messagePrice of prices) await createCreator(t.database.db, { messagePrice, displayName: 'Cursor Ok' });
    for (const sort of ['response_rate_desc', 'price_asc', 'price_desc', 'recent', 'new']) {
      const first = await t.app.inject({ method: 'GET', url: `/api/creators?sort=${sort}&limit=1&search=cursor ok` });
      const nextCursor = first.json().nextCursor as string;
      expect(nextCursor, sort).toBeTruthy();
      const second = await t.app.inject({
        method: 'GET',
        url: `/api/creators?sort=${sort}&limit=1&search=cursor ok&cursor=${nextCursor}`,
      });
      expect(second.statusCode, sort).toBe(200);
      expect(second.json().creators[0].id).not.toBe(first.json().creators[0].id);
    }
  });
});

describe('avatar uploads that are not what they claim', () => {
  const post = (payload: string | Buffer, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/profile/me/avatar',
      headers: { cookie: fan, 'content-type': contentType },
      payload,
    });

  test('a multipart body without a boundary is a 400', async () => {
    expectClientError(await post('abc', 'multipart/form-data'));
  });

  test('a multipart body that is not multipart is a 400', async () => {
    expectClientError(await post('abc', 'multipart/form-data; boundary=----x'));
  });

  test('a multipart body cut short is a 400', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile('file', 'a.png', 'image/png', png);
    const response = await post(payload.subarray(0, payload.length - 30), headers['content-type']);
    expectClientError(response);
  });

  test('a PNG with a valid header and truncated data is refused with the upload message', async () => {
    const png = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile('file', 'a.png', 'image/png', png.subarray(0, 200));
    const response = await post(payload, headers['content-type']);
    expect([400, 415]).toContain(response.statusCode);
    expect(response.json().error.message).toBe(UPLOAD_MESSAGES.invalidType);
    expect(LIMITS.imageBytes.max).toBeGreaterThan(png.length);
  });
});
