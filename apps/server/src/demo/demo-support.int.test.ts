import { afterAll, beforeAll, expect, test } from 'vitest';
import { createAdmin, createTestApp, openTestDatabase, signIn, type TestApp, unbalancedTransactions } from '../testing';
import { seedDemoActivity } from './demo-activity';
import { seedDemoConversations } from './demo-conversations';
import { generateDemoPasswords, seedDemoData } from './demo-data';
import { seedDemoSupport } from './demo-support';

// Seeding needs an empty database, so this file always takes its own PGlite copy.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: await openTestDatabase('pglite') });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

test('demo data: a support message in the inbox and transactions in every status, with the ledger balanced', async () => {
  const passwords = generateDemoPasswords();
  await seedDemoData({ db: t.database.db, passwords });
  await seedDemoConversations(t.app);
  await seedDemoActivity(t.app, passwords.demo);
  expect(await seedDemoSupport(t.app)).toBe(true);
  const cookie = await signIn(t.app, (await createAdmin(t.database.db)).email ?? '');
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());

  const inbox = await get('/api/admin/support?filter=open');
  expect(inbox.items).toEqual([expect.objectContaining({ subject: 'Card declined twice', status: 'open' })]);

  const statuses = new Set(
    // Every row on one page: admin lists come 10 a page unless asked (decision 0028).
    (await get('/api/admin/transactions?limit=100')).transactions.map(
      (row: { status: string }) => row.status as string,
    ),
  );
  for (const status of ['pending', 'authorized', 'succeeded', 'canceled', 'failed']) expect(statuses).toContain(status);
  expect(await unbalancedTransactions(t.database.db)).toBe(0);
  // A second start seeds nothing more.
  expect(await seedDemoSupport(t.app)).toBe(false);
});
