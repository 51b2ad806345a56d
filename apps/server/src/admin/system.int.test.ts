import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { messages, outbox } from '../db/schema';
import { INSTANCE_GONE_MS, recordBackupRun, registerInstanceHeartbeat } from '../modules/health';
import { createStreamLeases } from '../modules/realtime';
import { appVersion } from '../platform/instance';
import {
  createAdmin,
  createTestApp,
  createUser,
  fanAndCreator,
  sendPaidMessage,
  signIn,
  type TestApp,
  unique,
  useTestApp,
} from '../testing';

// Issue 40 point 5, decision 0064, through HTTP: Admin › System shows what the metrics read (the outbox
// backlog and its dead rows, the oldest overdue message), the backups recorded, and the instances by
// their heartbeats with their live streams; admins only.

const TOKEN = 'system-page-metrics-token';
const t = useTestApp({ env: { METRICS_TOKEN: TOKEN, AUTH_IP_LIMIT: '10000' } });
let adminCookie: string;
beforeAll(async () => {
  const admin = await createAdmin(t.database.db, 'admin');
  adminCookie = await signIn(t.app, admin.email ?? '');
});

const system = async (cookie = adminCookie) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** The value of one sample of the metrics' scrape, e.g. `fanline_outbox_effects{state="dead"}`. */
async function scraped(sample: string): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const line = response.body.split('\n').find((l) => l.startsWith(`${sample} `));
  if (!line) throw new Error(`no ${sample} in the scrape`);
  return Number(line.slice(sample.length + 1));
}

test('a visitor is asked to sign in, a fan is refused', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
  const fan = await createUser(t.database.db);
  const cookie = await signIn(t.app, fan.email ?? '');
  expect((await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie } })).statusCode).toBe(403);
});

test('with no backup recorded the page says none, not a made-up age', async () => {
  const body = await system();
  expect(body.backups).toEqual({ lastSuccessful: null, lastSuccessfulAgeSeconds: null, lastFailed: null });
});

test('the outbox backlog, its dead rows and the oldest overdue message agree with the metrics', async () => {
  // An open message whose reply window ended ten minutes ago (the expiry job has not run).
  const { fanCookie, creator } = await fanAndCreator(t.app, t.database.db);
  const { messageId } = await sendPaidMessage(t.app, fanCookie, creator.id);
  const [message] = await t.database.db.select().from(messages).where(eq(messages.id, messageId));
  if (!message?.expiresAt) throw new Error('message without a deadline');
  t.clock.set(new Date(message.expiresAt.getTime() + 10 * 60_000));

  const before = await system();
  const now = t.clock.now();
  const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);
  await t.database.db.insert(outbox).values([
    { kind: 'test.effect', key: unique('sys-dead'), payload: {}, status: 'dead', attempts: 5, runAt: minutesAgo(90) },
    { kind: 'test.effect', key: unique('sys-due'), payload: {}, runAt: minutesAgo(4000) },
    { kind: 'test.effect', key: unique('sys-later'), payload: {}, runAt: new Date(now.getTime() + 3_600_000) },
  ]);
  const after = await system();

  expect(after.outbox.dead).toBe(before.outbox.dead + 1);
  expect(after.outbox.due).toBe(before.outbox.due + 1);
  expect(after.outbox.oldestDueAt).toBe(minutesAgo(4000).toISOString());
  expect(after.outbox.oldestDueAgeSeconds).toBe(4000 * 60);
  expect(after.overdueMessages.oldestDeadline).toBe(message.expiresAt.toISOString());
  expect(after.overdueMessages.ageSeconds).toBe(600);
  expect(after.checkedAt).toBe(now.toISOString());

  expect(await scraped('fanline_outbox_effects{state="dead"}')).toBe(after.outbox.dead);
  expect(await scraped('fanline_outbox_effects{state="due"}')).toBe(after.outbox.due);
  expect(await scraped('fanline_outbox_lag_seconds')).toBe(after.outbox.oldestDueAgeSeconds);
  expect(await scraped('fanline_job_lag_seconds{job="expire-messages"}')).toBe(after.overdueMessages.ageSeconds);
});

test('the last successful backup with its age, and a failed run only when it is newer', async () => {
  const now = t.clock.now();
  const hoursAgo = (n: number) => new Date(now.getTime() - n * 3_600_000);
  await recordBackupRun(t.database.db, {
    kind: 'dump',
    tool: 'pg_dump',
    startedAt: hoursAgo(5),
    finishedAt: hoursAgo(5),
    succeeded: false,
    detail: 'older failure',
  });
  await recordBackupRun(t.database.db, {
    kind: 'full',
    tool: 'pgbackrest',
    startedAt: hoursAgo(3),
    finishedAt: hoursAgo(2),
    succeeded: true,
  });
  let body = await system();
  expect(body.backups).toEqual({
    lastSuccessful: {
      kind: 'full',
      tool: 'pgbackrest',
      startedAt: hoursAgo(3).toISOString(),
      finishedAt: hoursAgo(2).toISOString(),
      detail: null,
    },
    lastSuccessfulAgeSeconds: 2 * 3600,
    lastFailed: null,
  });

  await recordBackupRun(t.database.db, {
    kind: 'incr',
    tool: 'pgbackrest',
    startedAt: hoursAgo(1),
    finishedAt: hoursAgo(1),
    succeeded: false,
    detail: 'archive-push: WAL segment not found',
  });
  body = await system();
  expect(body.backups.lastSuccessful.finishedAt).toBe(hoursAgo(2).toISOString());
  expect(body.backups.lastFailed).toMatchObject({ kind: 'incr', detail: 'archive-push: WAL segment not found' });
});

describe('two instances on one database beat, drain, stop and go', () => {
  const apps: TestApp[] = [];
  const instance = async (id: string) => {
    const started = await createTestApp({ database: t.database, clock: t.clock, env: { INSTANCE_ID: id } });
    registerInstanceHeartbeat(started.app);
    await started.app.ready();
    apps.push(started);
    return started;
  };
  const seen = async (id: string) => {
    const body = await system();
    return body.instances.find((row: { id: string }) => row.id === id);
  };

  test('each is listed with its version, readiness and live streams; a drain, a stop and a silence show', async () => {
    const [a, b] = [await instance(unique('sys-a')), await instance(unique('sys-b'))];
    const idA = a.config.instanceId;
    const idB = b.config.instanceId;
    try {
      // One stream open on b: the lease the cluster-wide caps count.
      const leases = createStreamLeases({ db: t.database.db, clock: t.clock, log: b.app.log }, idB);
      await leases.acquire({ userId: randomUUID(), address: '203.0.113.7' });

      expect(await seen(idA)).toMatchObject({
        version: appVersion,
        status: 'ok',
        ready: true,
        gone: false,
        openStreams: 0,
      });
      expect(await seen(idB)).toMatchObject({ status: 'ok', ready: true, gone: false, openStreams: 1 });

      // Draining: its beat says so at once (readiness 503), before it stops.
      b.app.drain.begin();
      let drained = await seen(idB);
      for (let i = 0; i < 50 && drained.status !== 'draining'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        drained = await seen(idB);
      }
      expect(drained).toMatchObject({ status: 'draining', ready: false });

      await leases.releaseAll();
      await b.close();
      expect(await seen(idB)).toMatchObject({ status: 'stopped', ready: false, gone: false, openStreams: 0 });

      // a goes silent (its beats are 15 s apart in real time; the app's clock moves on without them).
      t.clock.advance(INSTANCE_GONE_MS + 1000);
      expect(await seen(idA)).toMatchObject({ status: 'ok', ready: false, gone: true });
      expect(await seen(idB)).toMatchObject({ status: 'stopped', gone: false });

      // A day later the next instance's first beat prunes both.
      t.clock.advance(24 * 3_600_000);
      const c = await instance(unique('sys-c'));
      const ids = (await system()).instances.map((row: { id: string }) => row.id);
      expect(ids).toContain(c.config.instanceId);
      expect(ids).not.toContain(idA);
      expect(ids).not.toContain(idB);
    } finally {
      for (const started of apps) await started.close();
    }
  });
});
