import type { TAdminStats } from '@fanline/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { contentModeration, ledgerEntries, messages, profiles } from '../db/schema';
import { ACCOUNTS } from '../modules/ledger';
import { isUnanswered, isVisibleToCreator } from '../modules/messages';
import type { Db } from '../platform/db';

/** The dashboard's six cards (spec §2 Admin Dashboard); revenue is a sum over the ledger (ARCHITECTURE §8). */
export async function getStats(db: Db): Promise<TAdminStats> {
  const [people] = await db
    .select({
      total: count(),
      creators: sql<number>`count(*) filter (where ${profiles.isCreator})`.mapWith(Number),
    })
    .from(profiles);
  const [msgs] = await db
    .select({
      total: count(),
      // Paid messages waiting for their answer: a creator's free follow-up is 'sent' for good, never pending.
      pending: sql<number>`count(*) filter (where ${isUnanswered()})`.mapWith(Number),
    })
    .from(messages)
    .where(isVisibleToCreator());
  const [revenue] = await db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, ACCOUNTS.platformRevenue));
  const [reports] = await db
    .select({ n: count() })
    .from(contentModeration)
    .where(eq(contentModeration.status, 'pending'));
  return {
    totalUsers: people?.total ?? 0,
    totalCreators: people?.creators ?? 0,
    totalMessages: msgs?.total ?? 0,
    pendingMessages: msgs?.pending ?? 0,
    revenueCents: revenue?.cents ?? 0,
    pendingReports: reports?.n ?? 0,
  };
}
