import { type TAdminVitals, VITALS } from '@fanline/contracts';
import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { webVitalsDaily } from '../../db/schema';
import { runJobsOnce } from '../../jobs/run-jobs';
import { createAdmin, createUser, signIn, useTestApp } from '../../testing';

// Issue 28 (decision 0038): real visitors' beacons through HTTP on a real database. Every beacon gets
// an address of its own unless a test is about the limit, so the per-address limit stays out of the way.

const t = useTestApp();
const DAY = 86_400_000;
let adminCookie: string;
let adminEmail: string;
let nextAddress = 1;
const address = () => `10.28.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

beforeAll(async () => {
  t.clock.set(new Date('2031-03-10T12:00:00Z'));
  const admin = await createAdmin(t.database.db, 'admin');
  adminEmail = admin.email ?? '';
  adminCookie = await signIn(t.app, adminEmail);
});

function beacon(payload: string | object, opts: { type?: string; from?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/vitals',
    remoteAddress: opts.from ?? address(),
    headers: { 'content-type': opts.type ?? 'text/plain;charset=UTF-8' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function rowCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(webVitalsDaily);
  return row?.n ?? 0;
}

async function adminVitals(): Promise<TAdminVitals> {
  let response = await t.get('/api/admin/vitals', adminCookie);
  // The tests move the clock by weeks, past a session's idle limit: sign in again then.
  if (response.statusCode === 401) {
    adminCookie = await signIn(t.app, adminEmail);
    response = await t.get('/api/admin/vitals', adminCookie);
  }
  expect(response.statusCode).toBe(200);
  return response.json();
}

const good = { route: '/creators', metrics: [{ name: 'LCP', value: 1800 }] };

describe('POST /api/vitals', () => {
  test('a beacon as sendBeacon sends it (text/plain) or as JSON is counted and shows on the admin page', async () => {
    t.clock.set(new Date('2031-03-10T12:00:00Z'));
    const sent = await beacon({
      route: '/:username',
      metrics: [
        { name: 'LCP', value: 2400 },
        { name: 'INP', value: 350 },
        { name: 'CLS', value: 0.3 },
        { name: 'FCP', value: 900 },
        { name: 'TTFB', value: 120 },
      ],
    });
    expect(sent.statusCode).toBe(204);
    expect(
      (await beacon({ route: '/:username', metrics: [{ name: 'LCP', value: 2400 }] }, { type: 'application/json' }))
        .statusCode,
    ).toBe(204);

    const profile = (await adminVitals()).routes.find((r) => r.route === '/:username');
    expect(profile?.metrics.LCP).toMatchObject({ count: 2, good: 2, needsImprovement: 0, poor: 0 });
    expect(profile?.metrics.LCP.p75).toBeGreaterThan(2400 / 1.03);
    expect(profile?.metrics.LCP.p75).toBeLessThan(2400 * 1.03);
    expect(profile?.metrics.INP).toMatchObject({ count: 1, good: 0, needsImprovement: 1, poor: 0 });
    expect(profile?.metrics.CLS).toMatchObject({ count: 1, good: 0, needsImprovement: 0, poor: 1 });
    expect(profile?.metrics.TTFB).toMatchObject({ count: 1, good: 1 });
    expect(profile?.trend).toHaveLength(1);
    expect(profile?.trend[0]?.day).toBe('2031-03-10');
    // Nothing that could name the visitor: only the pattern, the metric, a bucket and a count.
    const [row] = await t.database.db.select().from(webVitalsDaily).limit(1);
    expect(Object.keys(row ?? {}).sort()).toEqual(['bucket', 'count', 'day', 'metric', 'route']);
  });

  test.each([
    ['malformed JSON', '{"route": "/creators", "metrics": [', 400],
    ['not an object', '"LCP"', 400],
    ['a value of the wrong type', { route: '/creators', metrics: [{ name: 'LCP', value: '1800' }] }, 400],
    ['a URL instead of a route pattern', { route: '/someone', metrics: [{ name: 'LCP', value: 1800 }] }, 400],
    ['an unknown route', { route: '/nowhere/:x', metrics: [{ name: 'LCP', value: 1800 }] }, 400],
    ['a negative value', { route: '/creators', metrics: [{ name: 'LCP', value: -1 }] }, 400],
    ['a huge value', { route: '/creators', metrics: [{ name: 'LCP', value: 1e9 }] }, 400],
    ['a CLS past its range', { route: '/creators', metrics: [{ name: 'CLS', value: 51 }] }, 400],
    ['an unknown metric', { route: '/creators', metrics: [{ name: 'FID', value: 10 }] }, 400],
    [
      'a metric twice',
      {
        route: '/creators',
        metrics: [
          { name: 'LCP', value: 10 },
          { name: 'LCP', value: 20 },
        ],
      },
      400,
    ],
    ['no metric', { route: '/creators', metrics: [] }, 400],
    ['an extra field (a user id)', { ...good, userId: 'someone' }, 400],
    ['an extra field in a metric', { route: '/creators', metrics: [{ name: 'LCP', value: 1, url: '/x' }] }, 400],
    ['an oversized body', { ...good, pad: 'x'.repeat(VITALS.maxBodyBytes) }, 413],
  ])('%s is refused and stores nothing', async (_what, payload, status) => {
    const before = await rowCount();
    const response = await beacon(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toEqual(expect.any(String));
    expect(await rowCount()).toBe(before);
  });

  test('a beacon from another origin is refused', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vitals',
      remoteAddress: address(),
      headers: { 'content-type': 'text/plain', origin: 'https://elsewhere.example' },
      payload: JSON.stringify(good),
    });
    expect(response.statusCode).toBe(403);
  });

  test('one address gets 429 after the per-minute limit, another still gets through', async () => {
    const from = '10.99.0.1';
    for (let i = 0; i < t.config.vitals.perAddressPerMinute; i++)
      expect((await beacon(good, { from })).statusCode).toBe(204);
    const before = await rowCount();
    const limited = await beacon({ route: '/support', metrics: [{ name: 'LCP', value: 100 }] }, { from });
    expect(limited.statusCode).toBe(429);
    expect(await rowCount()).toBe(before);
    expect((await beacon(good, { from: '10.99.0.2' })).statusCode).toBe(204);
  });

  test('the admin p75 and daily trend match the p75 computed from the raw values', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 30 }),
        async (values) => {
          // Each run on its own month, so neither the 7-day figures nor the 28-day trend see another.
          t.clock.set(new Date(Date.UTC(2032, 0, 1) + run++ * 40 * DAY));
          for (const value of values) {
            expect((await beacon({ route: '/search', metrics: [{ name: 'INP', value }] })).statusCode).toBe(204);
          }
          const sorted = [...values].sort((a, b) => a - b);
          const truth = sorted[Math.ceil(0.75 * sorted.length) - 1] as number;
          const search = (await adminVitals()).routes.find((r) => r.route === '/search');
          // Half a bucket, or the first edge near zero, and the rounding to whole milliseconds.
          const tolerance = Math.max(truth * 0.025, 1) + 0.5;
          expect(search?.metrics.INP.count).toBe(values.length);
          expect(Math.abs((search?.metrics.INP.p75 as number) - truth)).toBeLessThanOrEqual(tolerance);
          expect(search?.trend).toHaveLength(1);
          expect(Math.abs((search?.trend[0]?.INP as number) - truth)).toBeLessThanOrEqual(tolerance);
        },
      ),
      { numRuns: 6 },
    );
  });

  test('days past the retention are pruned by the jobs loop; the last week counts, older days only trend', async () => {
    t.clock.set(new Date('2034-05-01T08:00:00Z'));
    expect((await beacon({ route: '/billing', metrics: [{ name: 'FCP', value: 4000 }] })).statusCode).toBe(204);
    t.clock.advance(10 * DAY);
    expect((await beacon({ route: '/billing', metrics: [{ name: 'FCP', value: 1000 }] })).statusCode).toBe(204);
    const billing = (await adminVitals()).routes.find((r) => r.route === '/billing');
    expect(billing?.metrics.FCP).toMatchObject({ count: 1, good: 1, poor: 0 });
    expect(billing?.trend.map((p) => p.day)).toEqual(['2034-05-01', '2034-05-11']);

    const before = await rowCount();
    t.clock.advance((VITALS.retentionDays - 9) * DAY);
    await runJobsOnce(t.app);
    expect(await rowCount()).toBeLessThan(before);
    const left = await t.database.db.select().from(webVitalsDaily);
    expect(left.every((row) => row.day > '2034-05-01')).toBe(true);
    expect(left.some((row) => row.day === '2034-05-11')).toBe(true);
  });
});

describe('GET /api/admin/vitals', () => {
  test('refuses visitors (401) and non-admins (403)', async () => {
    expect((await t.get('/api/admin/vitals')).statusCode).toBe(401);
    const fan = await createUser(t.database.db);
    expect((await t.get('/api/admin/vitals', await signIn(t.app, fan.email ?? ''))).statusCode).toBe(403);
  });
});
