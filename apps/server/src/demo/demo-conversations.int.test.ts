import { afterAll, expect, test } from 'vitest';
import { signIn, unbalancedTransactions, useTestApp } from '../testing';
import { seedDemoConversations } from './demo-conversations';
import { DEMO_ACCOUNTS, generateDemoPasswords, seedDemoData } from './demo-data';

// Seeding needs an empty database, so this file always takes its own PGlite copy.
let passwords: ReturnType<typeof generateDemoPasswords>;
afterAll(async () => {
  await t.database.close();
});
const t = useTestApp(async () => {
  const { openTestDatabase } = await import('../testing');
  const database = await openTestDatabase('pglite');
  passwords = generateDemoPasswords();
  await seedDemoData({ db: database.db, passwords });
  return { database };
});

test('the demo fan has an answered, a pending and a refunded conversation, booked through the use cases', async () => {
  expect(await seedDemoConversations(t.app)).toBe(true);
  const cookie = await signIn(t.app, DEMO_ACCOUNTS.fan.email, passwords.demo);
  const dashboard = (await t.app.inject({ method: 'GET', url: '/api/sender/dashboard', headers: { cookie } })).json();
  expect(dashboard.recentConversations.map((c: { status: string }) => c.status).sort()).toEqual([
    'completed',
    'pending',
    'released',
  ]);
  const pending = dashboard.recentConversations.find((c: { status: string }) => c.status === 'pending');
  expect(new Date(pending.expiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
  expect(dashboard.summary).toMatchObject({ totalSpentCents: 3500, onHoldCents: 4500, returnedCents: 500 });
  expect(await unbalancedTransactions(t.database.db)).toBe(0);
  // A second start seeds nothing more.
  expect(await seedDemoConversations(t.app)).toBe(false);
});
