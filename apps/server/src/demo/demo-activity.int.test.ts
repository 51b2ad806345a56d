import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { messages, profiles, reviews, userPresence } from '../db/schema';
import { openTestDatabase, unbalancedTransactions, useTestApp } from '../testing';
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
  // Issue 36 §1: no figure without the messages behind it. A creator nobody wrote to has no rate
  // (0, which every card shows as "New") and no average response time; every other rate is
  // responded ÷ (responded + expired) of their paid messages, replies took hours, not a second.
  const creators = await t.database.db.select().from(profiles).where(eq(profiles.isCreator, true));
  const backed: Record<string, { rate: number; avgHours: number | null }> = {};
  for (const creator of creators) {
    const rows = await t.database.db
      .select({
        status: messages.status,
        declinedAt: messages.declinedAt,
        paidAt: messages.paidAt,
        respondedAt: messages.respondedAt,
      })
      .from(messages)
      .where(and(eq(messages.recipientId, creator.id), isNotNull(messages.paidAt)));
    const answered = rows.filter((m) => m.status === 'responded');
    const missed = rows.filter((m) => m.status === 'refunded' && m.declinedAt === null);
    const settled = answered.length + missed.length;
    expect(creator.responseRate, creator.username).toBe(
      settled === 0 ? 0 : Math.round((1000 * answered.length) / settled) / 10,
    );
    if (answered.length === 0) expect(creator.avgResponseSeconds, creator.username).toBeNull();
    else expect(creator.avgResponseSeconds ?? 0, creator.username).toBeGreaterThanOrEqual(3600);
    backed[creator.username] = {
      rate: creator.responseRate,
      avgHours: creator.avgResponseSeconds === null ? null : Math.round(creator.avgResponseSeconds / 3600),
    };
  }
  for (const untouched of ['mayastyle', 'samtravels', 'funnyfrank', 'founderfay', 'pixelpete', 'chefnora'])
    expect(backed[untouched], untouched).toEqual({ rate: 0, avgHours: null });
  // Not every rate is 100%: Iris let one message expire; Daniel's decline does not count against him.
  expect(backed.inkbyiris?.rate).toBe(66.7);
  expect(backed.devdaniel?.rate).toBe(100);
  const [declined] = await t.database.db
    .select({ reason: messages.declineReason })
    .from(messages)
    .where(and(eq(messages.recipientId, (await profileOf('devdaniel')).id), isNotNull(messages.declinedAt)));
  expect(declined?.reason).toBe('outside_expertise');

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
  expect(online?.lastActiveAt).not.toBeNull();
  expect(await unbalancedTransactions(t.database.db)).toBe(0);
});
