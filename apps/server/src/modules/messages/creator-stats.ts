import { and, count, eq, gte, ne, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { creatorStats as creatorStatsTable, earnings, messages, profiles } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { isOpen, isPaid } from './queries';

/** The three cards of spec §2 /dashboard/messages: Pending Messages, Response Rate, Today's Earnings. */
export async function creatorStats(ctx: Pick<FastifyInstance, 'db' | 'clock'>, opts: { creatorId: string }) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const startOfDay = new Date(now);
  startOfDay.setUTCHours(0, 0, 0, 0);
  const [[pending], [today], [profile], [decided]] = await Promise.all([
    db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, opts.creatorId), isOpen(now))),
    db
      .select({ cents: sum(earnings.amount).mapWith(Number) })
      .from(earnings)
      // An earning refunded by an upheld "not an answer" flag was never earned (decision 0016).
      .where(
        and(
          eq(earnings.creatorId, opts.creatorId),
          gte(earnings.createdAt, startOfDay),
          ne(earnings.status, 'refunded'),
        ),
      ),
    db
      .select({ responseRate: creatorStatsTable.responseRate, isCreator: profiles.isCreator })
      .from(profiles)
      .innerJoin(creatorStatsTable, eq(creatorStatsTable.creatorId, profiles.id))
      .where(eq(profiles.id, opts.creatorId)),
    db
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.recipientId, opts.creatorId),
          // Declined messages do not count towards the response rate (issue #13).
          sql`(${messages.status} = 'responded' or (${messages.status} = 'refunded' and ${messages.declinedAt} is null))`,
          isPaid(),
        ),
      ),
  ]);
  // Only creators have an inbox (spec §6): anyone else is refused, not shown zeros (issue 25 §4).
  if (!profile?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have an inbox.');
  return {
    pendingMessages: pending?.n ?? 0,
    responseRate: (decided?.n ?? 0) > 0 ? (profile?.responseRate ?? 0) : null,
    todaysEarningsCents: today?.cents ?? 0,
  };
}
