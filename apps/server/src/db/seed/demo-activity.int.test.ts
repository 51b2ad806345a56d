import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openTestDatabase, unbalancedTransactions, useTestApp } from '../../testing';
import { messages, profiles, reviews, userPresence } from '../schema';
import { seedDemoActivity } from './demo-activity';
import { DEMO_ACCOUNTS, generateDemoPasswords, seedDemoData } from './demo-data';

// Seeding needs an empty database, so this file always takes its own PGlite copy.
afterAll(async () => {
  await t.database.close();
});
const t = useTestApp(async () => ({ database: await openTestDatabase('pglite') }));

const profileOf = async (username: string) => {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.username, username));
  if (!row) throw new Error(username);
  return row;
};

test('demo activity: replied conversations, reviews with responses, ratings and presence, all balanced', async () => {
  const passwords = generateDemoPasswords();
  await seedDemoData({ db: t.database.db, passwords });
  await seedDemoActivity(t.app, passwords.demo);

  const [all] = await t.database.db.select({ n: count() }).from(reviews);
  expect(all?.n).toBe(6);
  const [answered] = await t.database.db.select({ n: count() }).from(reviews).where(isNotNull(reviews.creatorResponse));
  expect(answered?.n).toBe(4);
  expect(await profileOf('devdaniel')).toMatchObject({ averageRating: 4.5, reviewCount: 2 });
  expect(await profileOf('profkim')).toMatchObject({ averageRating: 3, reviewCount: 1 });
  // The journeys' creators keep their seeded figures.
  expect(await profileOf('mayastyle')).toMatchObject({ averageRating: null, reviewCount: 0, responseRate: 98 });

  // The demo fan has an answered conversation with glowwithgia and no review of it: the prompt's case.
  const fan = await profileOf(DEMO_ACCOUNTS.fan.username);
  const gia = await profileOf('glowwithgia');
  const [replied] = await t.database.db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.senderId, fan.id), eq(messages.recipientId, gia.id), eq(messages.status, 'responded')));
  expect(replied).toBeDefined();
  const [own] = await t.database.db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.customerId, fan.id), eq(reviews.creatorId, gia.id)));
  expect(own?.n).toBe(0);

  const [online] = await t.database.db
    .select()
    .from(userPresence)
    .where(eq(userPresence.userId, (await profileOf('devdaniel')).id));
  expect(online?.status).toBe('online');
  expect((await profileOf('devdaniel')).lastActiveAt).not.toBeNull();
  expect(await unbalancedTransactions(t.database.db)).toBe(0);
});
