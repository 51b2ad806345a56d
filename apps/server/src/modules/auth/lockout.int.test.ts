import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rateLimitBuckets } from '../../db/schema';
import { runJobsOnce } from '../../jobs/run-jobs';
import {
  createTestApp,
  createUser,
  type SmtpCapture,
  startSmtpCapture,
  TEST_PASSWORD,
  unique,
  useTestApp,
} from '../../testing';

// Security review M6: five wrong passwords, or five reset requests, from strangers must not lock the
// real owner out. Failures count per (email, address), and per email only up to a high ceiling.
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, REQUIRE_EMAIL_CONFIRMATION: 'false', AUTH_IP_LIMIT: '30' } }));

const OWNER_ADDRESS = '192.0.2.10';
const stranger = (i: number) => `198.51.100.${i}`;
const post = (url: string, payload: object, remoteAddress: string, app = t.app) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const resetMailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email)).length;

describe('strangers cannot lock the owner out', () => {
  test('five wrong passwords from other addresses: the owner still signs in from their own', async () => {
    const owner = await createUser(t.database.db);
    const email = owner.email ?? '';
    for (let i = 1; i <= 5; i++) {
      expect((await post('/api/auth/sign-in', { email, password: 'wrong-guess' }, stranger(i))).statusCode).toBe(401);
    }
    // Even five more from one stranger's address only lock that address out for this email.
    for (let i = 0; i < 5; i++) await post('/api/auth/sign-in', { email, password: 'wrong-guess' }, stranger(99));
    expect((await post('/api/auth/sign-in', { email, password: TEST_PASSWORD }, stranger(99))).statusCode).toBe(429);
    expect((await post('/api/auth/sign-in', { email, password: TEST_PASSWORD }, OWNER_ADDRESS)).statusCode).toBe(200);
    const before = resetMailsTo(email);
    expect((await post('/api/auth/forgot-password', { email }, OWNER_ADDRESS)).statusCode).toBe(202);
    await expect.poll(() => resetMailsTo(email)).toBe(before + 1);
  });

  test('five reset requests from other addresses: the owner can still request a reset and a confirmation mail', async () => {
    const owner = await createUser(t.database.db);
    const email = owner.email ?? '';
    for (let i = 1; i <= 6; i++) {
      expect((await post('/api/auth/forgot-password', { email }, stranger(20 + i))).statusCode).toBe(202);
    }
    expect((await post('/api/auth/forgot-password', { email }, OWNER_ADDRESS)).statusCode).toBe(202);
    expect((await post('/api/auth/resend-confirmation', { email }, OWNER_ADDRESS)).statusCode).toBe(202);
    // One address asking again and again is still stopped.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post('/api/auth/forgot-password', { email }, stranger(40))).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202, 429]);
  });

  test('failures for one email from many addresses together still stop at a ceiling (20× the limit)', async () => {
    const strict = await createTestApp({ database: t.database, env: { AUTH_EMAIL_LIMIT: '1', AUTH_IP_LIMIT: '30' } });
    try {
      const owner = await createUser(t.database.db);
      const email = owner.email ?? '';
      for (let i = 1; i <= 20; i++) {
        const wrong = await post('/api/auth/sign-in', { email, password: 'wrong-guess' }, `203.0.113.${i}`, strict.app);
        expect(wrong.statusCode).toBe(401);
      }
      const owners = await post('/api/auth/sign-in', { email, password: TEST_PASSWORD }, OWNER_ADDRESS, strict.app);
      expect(owners.statusCode).toBe(429);
      strict.clock.advance(16 * 60_000);
      const later = await post('/api/auth/sign-in', { email, password: TEST_PASSWORD }, OWNER_ADDRESS, strict.app);
      expect(later.statusCode).toBe(200);
    } finally {
      await strict.app.close();
    }
  });
});

describe('expired rate-limit buckets', () => {
  test('are deleted by the jobs loop; live ones stay', async () => {
    const tag = unique('prune');
    await post('/api/auth/sign-in', { email: `${tag}-old@example.test`, password: 'x-wrong' }, '192.0.2.201');
    const keysLike = (pattern: string) =>
      t.database.db
        .select({ key: rateLimitBuckets.key })
        .from(rateLimitBuckets)
        .where(like(rateLimitBuckets.key, pattern));
    expect(await keysLike(`%${tag}-old%`)).toHaveLength(2);
    t.clock.advance(61 * 60_000);
    await post('/api/auth/sign-in', { email: `${tag}-new@example.test`, password: 'x-wrong' }, '192.0.2.202');
    await runJobsOnce(t.app);
    expect(await keysLike(`%${tag}-old%`)).toEqual([]);
    expect(await keysLike('%192.0.2.201%')).toEqual([]);
    expect(await keysLike(`%${tag}-new%`)).toHaveLength(2);
    expect(await keysLike('%192.0.2.202%')).not.toEqual([]);
  });
});
