import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { messageAttachments } from '../../db/schema';
import { runJobsOnce } from '../../jobs/run-jobs';
import {
  createTestApp,
  createUser,
  openTestDatabase,
  type S3StandIn,
  signIn,
  startS3StandIn,
  type TestApp,
  testConfig,
  testDriver,
  testPng,
  uploadFile,
  useTestApp,
} from '../../testing';
import { attachmentKey, createStorage, type ObjectStorage, publicKeyOfUrl, readAll } from '.';

const HOUR = 3_600_000;
let s3: S3StandIn;
// Started before the apps and closed after them (useTestApp's afterAll hooks unwind as a stack).
beforeAll(async () => {
  s3 = await startS3StandIn(['fanline-uploads']);
});
afterAll(async () => {
  await s3.close();
});
const t = useTestApp(() => ({ env: { AUTH_IP_LIMIT: '10000', ...s3.env() } }));

/** A second instance on the same database (a second pool on PostgreSQL) and the same bucket. */
let other: TestApp;
let bucket: ObjectStorage;
beforeAll(async () => {
  const database = testDriver() === 'postgres' ? await openTestDatabase() : t.database;
  other = await createTestApp({ database, env: { AUTH_IP_LIMIT: '10000', ...s3.env() } });
  bucket = createStorage(testConfig(s3.env()));
});
afterAll(async () => {
  await bucket.close();
  await other.close();
  if (testDriver() === 'postgres') await other.database.close();
});

const bytesIn = async (key: string) => {
  const object = await bucket.get(key);
  return object ? readAll(object.body) : null;
};

describe('uploads in an S3 bucket, served by every instance (issue 27)', () => {
  test('an avatar and a portfolio image stored through one instance are in the bucket and served by another', async () => {
    const creator = await createUser(t.database.db, { isCreator: true });
    const cookie = await signIn(t.app, creator.email ?? '');
    const avatar = await uploadFile(t.app, '/api/profile/me/avatar', cookie, await testPng());
    expect(avatar.statusCode, avatar.body).toBe(200);
    const avatarUrl = avatar.json().avatarUrl as string;
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    const portfolio = await uploadFile(t.app, '/api/profile/me/portfolio', cookie, await testPng(undefined, 300, 200));
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    const [portfolioUrl] = portfolio.json().portfolioImages as string[];

    for (const url of [avatarUrl, portfolioUrl ?? '']) {
      const key = publicKeyOfUrl(url) ?? '';
      expect(key).toMatch(/^public\/(avatars|portfolio)\//);
      const stored = await bytesIn(key);
      expect(stored).not.toBeNull();
      const served = await other.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=3600');
      expect(served.rawPayload.equals(stored ?? Buffer.alloc(0))).toBe(true);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      const head = await other.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
      expect(head.headers['content-length']).toBe(String(stored?.length));
      const etag = String(served.headers.etag);
      const again = await other.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
    }
    // Nothing was written to the instance's own disk.
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'avatars'))).toBe(false);

    // A new avatar replaces the old one in the bucket: the old URL is gone from every instance.
    const second = await uploadFile(t.app, '/api/profile/me/avatar', cookie, await testPng({ r: 1, g: 2, b: 3 }));
    expect(second.statusCode).toBe(200);
    expect(await bucket.stat(publicKeyOfUrl(avatarUrl) ?? '')).toBeNull();
    expect((await other.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
    expect((await other.app.inject({ method: 'GET', url: second.json().avatarUrl })).statusCode).toBe(200);
    expect((await other.app.inject({ method: 'GET', url: '/uploads/avatars/nobody.webp' })).statusCode).toBe(404);
  });

  test('an attachment is stored under private/, never served from /uploads, and read only through the access check', async () => {
    const people = await createUser(t.database.db);
    const fanCookie = await signIn(t.app, people.email ?? '');
    const uploaded = await uploadFile(t.app, '/api/attachments', fanCookie, await testPng());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json().id as string;
    expect(uploaded.json().url).toBe(`/api/attachments/${id}`);
    expect(uploaded.body).not.toContain(s3.endpoint);
    const [row] = await t.database.db.select().from(messageAttachments).where(eq(messageAttachments.id, id));
    const fileName = row?.fileName ?? '';
    const stored = await bytesIn(attachmentKey(fileName));
    expect(stored).not.toBeNull();

    for (const url of [
      `/uploads/${fileName}`,
      `/uploads/attachments/${fileName}`,
      `/uploads/private/attachments/${fileName}`,
      `/uploads/../private/attachments/${fileName}`,
      `/uploads/..%2fprivate%2fattachments%2f${fileName}`,
      `/uploads/%2e%2e/private/attachments/${fileName}`,
      `/uploads/avatars/..%2f..%2fprivate%2fattachments%2f${fileName}`,
    ]) {
      expect((await other.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    const viaOther = await other.app.inject({
      method: 'GET',
      url: `/api/attachments/${id}`,
      headers: { cookie: await signIn(other.app, people.email ?? '') },
    });
    expect(viaOther.statusCode).toBe(200);
    expect(viaOther.headers['content-type']).toBe('image/webp');
    expect(viaOther.headers['cache-control']).toBe('private, no-store');
    expect(viaOther.rawPayload.equals(stored ?? Buffer.alloc(0))).toBe(true);
    const stranger = await createUser(t.database.db);
    const strangerCookie = await signIn(other.app, stranger.email ?? '');
    expect(
      (await other.app.inject({ method: 'GET', url: `/api/attachments/${id}`, headers: { cookie: strangerCookie } }))
        .statusCode,
    ).toBe(404);
    expect((await other.app.inject({ method: 'GET', url: `/api/attachments/${id}` })).statusCode).toBe(401);
  });

  test('an upload never sent is removed from the bucket by the jobs loop a day later', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    const uploaded = await uploadFile(t.app, '/api/attachments', cookie, await testPng());
    const id = uploaded.json().id as string;
    const [row] = await t.database.db
      .select()
      .from(messageAttachments)
      .where(inArray(messageAttachments.id, [id]));
    const key = attachmentKey(row?.fileName ?? '');
    expect(await bucket.stat(key)).not.toBeNull();
    t.clock.advance(25 * HOUR);
    await runJobsOnce(t.app);
    expect(await bucket.stat(key)).toBeNull();
    expect(
      (await other.app.inject({ method: 'GET', url: `/api/attachments/${id}`, headers: { cookie } })).statusCode,
    ).toBe(404);
  });

  test('an instance pointed at a bucket that does not exist does not start, and says why', async () => {
    const broken = await createTestApp({ database: t.database, env: s3.env('no-such-bucket') });
    try {
      const error = await broken.app.ready().then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(error?.message).toMatch(
        /^Object storage \(bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+\): the bucket does not exist/,
      );
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});
