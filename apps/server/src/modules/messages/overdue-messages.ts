import { and, eq, lte, min } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * When the longest-overdue open message's window ended (null when none is overdue at `now`): how far
 * the expiry job is behind, for the metrics' job lag.
 */
export async function oldestOverdueMessage(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ oldest: min(messages.expiresAt) })
    .from(messages)
    .where(and(eq(messages.status, 'sent'), lte(messages.expiresAt, now)));
  const oldest = row?.oldest;
  return oldest ? new Date(oldest) : null;
}
