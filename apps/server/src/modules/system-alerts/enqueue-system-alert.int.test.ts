import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, expect, test } from 'vitest';
import { outbox, systemAlertsSent } from '../../db/schema';
import { createAdmin, setPlatformSetting, useTestApp } from '../../testing';
import { enqueueSystemAlert, type SystemAlert } from '.';

// Decision 0070: an alert written in the caller's transaction commits with the change that noticed the
// problem, or not at all; once per kind and target as sendSystemAlert's; and never fails that change.

const t = useTestApp();
const alert = (targetId: string): SystemAlert => ({
  kind: 'refund_failed',
  targetId,
  subject: 'a refund to a fan failed',
  lines: ['The card refund failed.'],
});

beforeEach(async () => {
  await createAdmin(t.database.db);
  await setPlatformSetting(t.database.db, 'system_alerts', true);
});

async function claimsOf(targetId: string) {
  return t.app.db
    .select()
    .from(systemAlertsSent)
    .where(and(eq(systemAlertsSent.kind, 'refund_failed'), eq(systemAlertsSent.targetId, targetId)));
}

test("the claim and the admins' mails commit with the caller's transaction, once per kind and target", async () => {
  const target = crypto.randomUUID();
  const keys = await t.app.db.transaction((tx) =>
    enqueueSystemAlert(tx, alert(target), { now: t.app.clock.now(), log: t.app.log }),
  );
  expect(keys.length).toBeGreaterThan(0);
  expect(await claimsOf(target)).toHaveLength(1);
  // Written with the commit, before anything is carried out: a crash now would not lose them.
  const rows = await t.app.db.select().from(outbox).where(inArray(outbox.key, keys));
  expect(rows.map((row) => row.kind)).toEqual(keys.map(() => 'system-alert'));

  const again = await t.app.db.transaction((tx) =>
    enqueueSystemAlert(tx, alert(target), { now: t.app.clock.now(), log: t.app.log }),
  );
  expect(again).toEqual([]);
});

test('a transaction that rolls back leaves no claim, so the alert is written when the change is', async () => {
  const target = crypto.randomUUID();
  await expect(
    t.app.db.transaction(async (tx) => {
      await enqueueSystemAlert(tx, alert(target), { now: t.app.clock.now(), log: t.app.log });
      throw new Error('the money change failed');
    }),
  ).rejects.toThrow('the money change failed');
  expect(await claimsOf(target)).toHaveLength(0);

  const keys = await t.app.db.transaction((tx) =>
    enqueueSystemAlert(tx, alert(target), { now: t.app.clock.now(), log: t.app.log }),
  );
  expect(keys.length).toBeGreaterThan(0);
});

test('with alerts switched off nothing is claimed, so the problem is reported once they are on', async () => {
  await setPlatformSetting(t.database.db, 'system_alerts', false);
  const target = crypto.randomUUID();
  const keys = await t.app.db.transaction((tx) =>
    enqueueSystemAlert(tx, alert(target), { now: t.app.clock.now(), log: t.app.log }),
  );
  expect(keys).toEqual([]);
  expect(await claimsOf(target)).toHaveLength(0);
});
