import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { adminUsers, profiles, users } from '../db/schema';
import type { Database } from '../platform/db';
import { verifyPassword } from '../platform/password';
import { openTestDatabase } from '../testing';
import { DEMO_ACCOUNTS, generateDemoPasswords, seedDemoData } from './demo-data';

// driver-sensitive: `npm start` seeds the demo on the embedded database; production-like runs seed on PostgreSQL (vitest.config.ts).

// Seeding needs an empty database: the file's own copy on each driver (a PGlite snapshot, or on
// PostgreSQL a clone of the migrated template), so the seed runs on the database each deployment uses.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const passwordOf = async (email: string) =>
  (await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email)))[0]?.hash ?? '';

test('demo passwords are generated, never fixed strings: two data directories never share one', () => {
  const first = generateDemoPasswords();
  const second = generateDemoPasswords();
  expect(first.demo).not.toBe(second.demo);
  expect(first.admin).not.toBe(second.admin);
  expect(first.demo).not.toBe(first.admin);
  expect(first.demo.length).toBeGreaterThanOrEqual(12);
});

test('an empty database gets creators, a fan and an admin with the given passwords; a second run seeds nothing', async () => {
  const passwords = generateDemoPasswords();
  const logins = await seedDemoData({ db: database.db, passwords });
  expect(logins?.map((l) => l.role)).toEqual(['creator', 'creator', 'creator', 'fan', 'admin']);
  expect(logins?.find((l) => l.role === 'admin')).toEqual({
    role: 'admin',
    email: DEMO_ACCOUNTS.admin.email,
    password: passwords.admin,
  });

  const [creators] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.isCreator, true));
  expect(creators?.n).toBeGreaterThanOrEqual(12);
  const [featured] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.isFeatured, true));
  expect(featured?.n).toBeGreaterThanOrEqual(5);
  const [unavailable] = await database.db.select({ n: count() }).from(profiles).where(eq(profiles.isAvailable, false));
  expect(unavailable?.n).toBeGreaterThan(0);

  expect(await verifyPassword(await passwordOf(DEMO_ACCOUNTS.fan.email), passwords.demo)).toBe(true);
  expect(await verifyPassword(await passwordOf(DEMO_ACCOUNTS.creator.email), passwords.demo)).toBe(true);
  // The passwords this repository once published open nothing.
  expect(await verifyPassword(await passwordOf(DEMO_ACCOUNTS.fan.email), 'fanline-demo')).toBe(false);
  expect(await verifyPassword(await passwordOf(DEMO_ACCOUNTS.admin.email), 'fanline-admin')).toBe(false);
  expect(await verifyPassword(await passwordOf(DEMO_ACCOUNTS.admin.email), passwords.admin)).toBe(true);
  const [admin] = await database.db
    .select({ role: adminUsers.role, active: adminUsers.isActive })
    .from(adminUsers)
    .innerJoin(users, eq(users.id, adminUsers.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  expect(admin).toEqual({ role: 'super_admin', active: true });

  const [before] = await database.db.select({ n: count() }).from(users);
  expect(await seedDemoData({ db: database.db, passwords: generateDemoPasswords() })).toBeNull();
  const [after] = await database.db.select({ n: count() }).from(users);
  expect(after?.n).toBe(before?.n);
});

test('demo activity: portfolios, earnings and a completed payout and one the provider had not confirmed, which the first jobs pass completes, with a balanced ledger', async () => {
  const { seedDemoEarnings } = await import('./demo-earnings');
  const { testConfig, unbalancedTransactions } = await import('../testing');
  const { payouts, payoutAccounts, earnings: earningsTable } = await import('../db/schema');
  const config = testConfig();
  await seedDemoEarnings({ config, database });
  const [maya] = await database.db.select().from(profiles).where(eq(profiles.username, 'mayastyle'));
  expect(maya?.portfolioImages).toHaveLength(3);
  const [mayaAccount] = await database.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.creatorId, maya?.id ?? ''));
  expect(mayaAccount?.onboardingCompleted).toBe(true);
  const mayaPayouts = await database.db
    .select()
    .from(payouts)
    .where(eq(payouts.creatorId, maya?.id ?? ''));
  expect(mayaPayouts.map((p) => p.status).sort()).toEqual(['in_transit', 'pending']);
  const [earned] = await database.db
    .select({ n: count() })
    .from(earningsTable)
    .where(eq(earningsTable.creatorId, maya?.id ?? ''));
  expect(earned?.n).toBe(14);
  expect(await unbalancedTransactions(database.db)).toBe(0);

  // The first jobs pass after start asks the provider again, as it would after a real outage: the
  // unconfirmed payout goes on its way (the demo shows no payout stuck at Pending), and the older one
  // reaches the simulated bank (decision 0029): the demo shows Paid and In transit, the ledger balanced.
  const { buildApp } = await import('../app');
  const { runJobsOnce } = await import('../testing/jobs');
  const app = await buildApp({ config, database, logger: { level: 'silent' } });
  try {
    await runJobsOnce(app);
  } finally {
    await app.close();
  }
  const afterJobs = await database.db
    .select()
    .from(payouts)
    .where(eq(payouts.creatorId, maya?.id ?? ''));
  expect(afterJobs.map((p) => p.status).sort()).toEqual(['in_transit', 'paid']);
  expect(await unbalancedTransactions(database.db)).toBe(0);
}, 180_000);
