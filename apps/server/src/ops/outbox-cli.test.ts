// runs-long: 35 s (runs the compiled outbox command)
// not-quick: runs the compiled outbox command
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { adminAuditLog, outbox } from '../db/schema';
import { enqueueEffects } from '../modules/outbox';
import { migrateDatabase, openDatabase } from '../platform/db';
import { createAdmin, createUser, runOpsCommand } from '../testing';

// `npm run outbox -- list|retry|drop` (issue 35, decision 0039) on an embedded database under DATA_DIR,
// run as an operator would, in its own process, with the server stopped.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-outbox-'));
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function withDatabase<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await migrateDatabase(database);
    return await run(database.db);
  } finally {
    await database.close();
  }
}

test('lists dead rows with the chain they hold; retries and drops one as a named admin, audited', async () => {
  const seeded = await withDatabase(async (db) => {
    const admin = await createAdmin(db);
    const fan = await createUser(db);
    const now = new Date();
    await enqueueEffects(
      db,
      [
        { kind: 'release', key: 'release:m1', payload: { paymentIds: [] }, orderingKey: 'p1' },
        { kind: 'mail-refund', key: 'mail-refund:m1', payload: {}, orderingKey: 'p1' },
        { kind: 'capture', key: 'capture:p2', payload: {} },
      ],
      now,
    );
    await db
      .update(outbox)
      .set({ status: 'dead', attempts: 25, lastError: 'Error (ECONNRESET)' })
      .where(eq(outbox.key, 'release:m1'));
    await db
      .update(outbox)
      .set({ status: 'dead', attempts: 1, lastError: 'EffectRefused' })
      .where(eq(outbox.key, 'capture:p2'));
    const rows = await db.select({ id: outbox.id, key: outbox.key }).from(outbox);
    const id = (key: string) => rows.find((row) => row.key === key)?.id ?? 0;
    return { admin: admin.email ?? '', fan: fan.email ?? '', release: id('release:m1'), capture: id('capture:p2') };
  });
  const env = { DATA_DIR: dataDir };

  const list = await runOpsCommand('outbox', env, ['list']);
  expect(list.code, list.stderr).toBe(0);
  const lines = list.stdout.trim().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(
    new RegExp(`^${seeded.release}\\trelease\\trelease:m1\\t25 attempts, chain p1, 1 waiting\\t`),
  );
  expect(lines[0]).toContain('Error (ECONNRESET)');

  // Refused: no admin named, not an admin, a bad id.
  expect((await runOpsCommand('outbox', env, ['retry', String(seeded.release)])).code).toBe(2);
  const notAdmin = await runOpsCommand('outbox', env, ['retry', String(seeded.release), '--admin', seeded.fan]);
  expect(notAdmin.code).toBe(1);
  expect(notAdmin.stderr).toContain('is not an active admin');
  expect((await runOpsCommand('outbox', env, ['drop', 'x', '--admin', seeded.admin])).code).toBe(2);

  const retry = await runOpsCommand('outbox', env, ['retry', String(seeded.release), '--admin', seeded.admin]);
  expect(retry.code, retry.stderr).toBe(0);
  expect(retry.stdout).toContain(`Outbox row ${seeded.release} is pending again`);
  const drop = await runOpsCommand('outbox', env, ['drop', String(seeded.capture), '--admin', seeded.admin]);
  expect(drop.code, drop.stderr).toBe(0);
  const again = await runOpsCommand('outbox', env, ['drop', String(seeded.capture), '--admin', seeded.admin]);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain('No stuck job with this id');

  await withDatabase(async (db) => {
    const rows = await db.select().from(outbox);
    expect(rows.find((row) => row.key === 'release:m1')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(rows.find((row) => row.key === 'capture:p2')).toMatchObject({ status: 'dropped' });
    const audit = await db
      .select({ action: adminAuditLog.action, targetId: adminAuditLog.targetId })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'outbox')));
    expect(audit.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'outbox.drop', targetId: String(seeded.capture) },
      { action: 'outbox.retry', targetId: String(seeded.release) },
    ]);
  });
}, 400_000);
