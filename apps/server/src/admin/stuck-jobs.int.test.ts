import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { adminAuditLog, outbox } from '../db/schema';
import { enqueueEffects, MAX_ATTEMPTS } from '../modules/outbox';
import { createLocalProvider } from '../modules/payments';
import type { PaymentProvider } from '../modules/payments/provider';
import {
  createAdmin,
  createUser,
  fanAndCreator,
  paymentRow,
  type SmtpCapture,
  sendPaidMessage,
  setPlatformSetting,
  signIn,
  startSmtpCapture,
  unique,
  useTestApp,
} from '../testing';
import { runJobsOnce } from '../testing/jobs';

// Issue 35 §2, decision 0039, through HTTP on both databases: a dead release holds the fan's refund mail
// behind it and the admins hear which chain is stuck; admin › Stuck jobs lists it, and a retry or a
// drop is audited; rows the registry refuses die at once with a clear error.

/** The local provider whose release (and refund) fail while `down`. */
function flakyProvider(): PaymentProvider & { down: boolean } {
  const local = createLocalProvider(120);
  const provider = {
    ...local,
    down: false,
    async release(payment: Parameters<PaymentProvider['release']>[0]) {
      if (provider.down) throw new Error('provider unreachable');
      return local.release(payment);
    },
    async refund(payment: Parameters<PaymentProvider['refund']>[0]) {
      if (provider.down) throw new Error('provider unreachable');
      return local.refund(payment);
    },
  };
  return provider;
}

const HOUR = 3_600_000;
const provider = flakyProvider();
let smtp: SmtpCapture;
let admin: { id: string; email: string };
let adminCookie: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ env: { SMTP_URL: smtp.url, AUTH_IP_LIMIT: '10000' }, payments: provider }));
beforeAll(async () => {
  const created = await createAdmin(t.database.db);
  admin = { id: created.id, email: created.email ?? '' };
  adminCookie = await signIn(t.app, admin.email);
});
beforeEach(async () => {
  provider.down = false;
  await setPlatformSetting(t.database.db, 'system_alerts', true);
});

const list = (cookie = adminCookie) =>
  t.app.inject({ method: 'GET', url: '/api/admin/stuck-jobs', headers: { cookie } });
const act = (id: number, action: 'retry' | 'drop', cookie = adminCookie) =>
  t.app.inject({ method: 'POST', url: `/api/admin/stuck-jobs/${id}/${action}`, headers: { cookie } });

async function rowsByKey(keys: string[]) {
  const rows = await t.database.db.select().from(outbox).where(inArray(outbox.key, keys));
  return new Map(rows.map((row) => [row.key, row]));
}

async function auditOf(id: number) {
  return t.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.targetType, 'outbox'), eq(adminAuditLog.targetId, String(id))));
}

describe('a dead release holds the refund mail behind it', () => {
  test('the fan is not told of a refund that has not happened; the admins hear which chain is stuck; a retry runs the chain', async () => {
    const { fan, creator, fanCookie } = await fanAndCreator(t.app, t.database.db);
    const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
    const fanMails = () => smtp.mails.filter((mail) => mail.to.includes(fan.email ?? ''));
    provider.down = true;
    // The message expires unanswered: its release fails on every attempt until it dies.
    t.clock.advance(24 * HOUR + 60_000);
    const releaseKey = `release:${messageId}`;
    const mailKey = `mail-refund:${messageId}`;
    // Every pass is at least one attempt: the longest backoff is an hour.
    for (let pass = 0; pass < MAX_ATTEMPTS + 5; pass += 1) {
      await runJobsOnce(t.app);
      if ((await rowsByKey([releaseKey])).get(releaseKey)?.status === 'dead') break;
      t.clock.advance(HOUR);
    }
    let rows = await rowsByKey([releaseKey, mailKey]);
    expect(rows.get(releaseKey)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    expect(rows.get(mailKey)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(fanMails()).toEqual([]);
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('authorized');

    // The admin alert names the stuck step and what waits behind it.
    const alert = await smtp.waitFor(admin.email);
    const deadAlerts = smtp.mails.filter(
      (mail) => mail.to.includes(admin.email) && mail.body.includes(releaseKey) && mail.raw.includes('(release)'),
    );
    expect(deadAlerts).toHaveLength(1);
    expect(deadAlerts[0]?.body).toContain('1 later step(s) wait behind it');
    expect(alert).toBeDefined();

    // Admin › Stuck jobs lists it, with what it holds back and no payload.
    const listed = await list();
    expect(listed.statusCode).toBe(200);
    const job = (listed.json().jobs as Array<Record<string, unknown>>).find((j) => j.key === releaseKey);
    expect(job).toMatchObject({ kind: 'release', attempts: MAX_ATTEMPTS, waiting: 1, lastError: 'Error' });
    expect(job).not.toHaveProperty('payload');

    // The provider is back; the admin retries: audited, then the release and the mail run in order.
    provider.down = false;
    const id = Number(job?.id);
    const retried = await act(id, 'retry');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ outcome: 'retried' });
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({
      adminId: admin.id,
      action: 'outbox.retry',
      before: { status: 'dead', kind: 'release', key: releaseKey, attempts: MAX_ATTEMPTS },
      after: { status: 'pending' },
    });
    // Twice is a 404: the row is no longer dead, and no second audit row is written.
    expect((await act(id, 'retry')).statusCode).toBe(404);
    expect(await auditOf(id)).toHaveLength(1);

    await runJobsOnce(t.app);
    rows = await rowsByKey([releaseKey, mailKey]);
    expect(rows.get(releaseKey)?.status).toBe('done');
    expect(rows.get(mailKey)?.status).toBe('done');
    expect((await paymentRow(t.database.db, paymentId)).status).toBe('canceled');
    await smtp.waitFor(fan.email ?? '');
    expect(fanMails()).toHaveLength(1);
    expect((await list()).json().jobs.some((j: { key: string }) => j.key === releaseKey)).toBe(false);
  });
});

describe('admin › Stuck jobs', () => {
  test('rows the registry refuses (an unknown kind, a malformed payload) die at once; a drop is audited and lets the chain go on', async () => {
    const mystery = unique('mystery');
    const broken = unique('capture-broken');
    const behind = unique('after-broken');
    await enqueueEffects(
      t.database.db,
      [
        { kind: 'no-such-kind', key: mystery, payload: {} },
        { kind: 'capture', key: broken, payload: { paymentId: 42 }, orderingKey: broken },
        { kind: 'release-due-earnings', key: behind, payload: { creatorId: crypto.randomUUID() }, orderingKey: broken },
      ],
      t.clock.now(),
    );
    await runJobsOnce(t.app);
    const rows = await rowsByKey([mystery, broken, behind]);
    expect(rows.get(mystery)).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: 'unknown effect kind "no-such-kind": no handler is registered for it',
    });
    expect(rows.get(broken)).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: 'malformed payload for "capture" version 1: paymentId: invalid_type',
    });
    expect(rows.get(behind)).toMatchObject({ status: 'pending', attempts: 0 });

    const jobs = (await list()).json().jobs as Array<{ id: number; key: string; waiting: number }>;
    const brokenJob = jobs.find((job) => job.key === broken);
    expect(brokenJob?.waiting).toBe(1);

    const dropped = await act(brokenJob?.id ?? 0, 'drop');
    expect(dropped.statusCode).toBe(200);
    expect(dropped.json()).toEqual({ outcome: 'dropped' });
    expect(await auditOf(brokenJob?.id ?? 0)).toMatchObject([
      {
        adminId: admin.id,
        action: 'outbox.drop',
        before: { status: 'dead', key: broken },
        after: { status: 'dropped' },
      },
    ]);
    await runJobsOnce(t.app);
    const after = await rowsByKey([broken, behind]);
    expect(after.get(broken)?.status).toBe('dropped');
    expect(after.get(behind)?.status).toBe('done');
  });

  test('a fan or a creator is refused; an unknown id is a 404; a bad id a 400', async () => {
    const fan = await createUser(t.database.db);
    const fanCookie = await signIn(t.app, fan.email ?? '');
    expect((await list(fanCookie)).statusCode).toBe(403);
    expect((await act(1, 'retry', fanCookie)).statusCode).toBe(403);
    expect((await act(987_654_321, 'drop')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/stuck-jobs/abc/retry', headers: { cookie: adminCookie } }))
        .statusCode,
    ).toBe(400);
  });
});
