import { and, count, eq, gte } from 'drizzle-orm';
import { creatorCapacity, messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { isDelivered, isOpen } from '../messages';

export type TPause = { reason: 'away' | 'full' | 'daily_cap'; until: Date | null };

/** The start of the next UTC day: when a daily cap lets messages in again. */
export function nextUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** A creator's capacity settings (creator_capacity; no row: no limits, not away). */
export interface CapacityLimits {
  maxOpen: number | null;
  dailyCap: number | null;
  vacationUntil: Date | null;
}

/**
 * Issue #13 capacity protection: why a creator takes no new paid messages right now, or null.
 * Away (vacation) until its end date; full while `max_open_messages` paid messages are unanswered
 * (until a slot frees up); capped once `daily_message_cap` paid messages arrived today (UTC), until
 * tomorrow. Counts use messages_recipient_open_expires_idx and messages_recipient_created_idx.
 */
export async function pauseOf(
  db: Db,
  creatorId: string,
  now: Date,
  /** The creator's limits, when the caller has just read (and locked) that row: one round trip less. */
  known?: CapacityLimits,
): Promise<TPause | null> {
  const [creator] = known
    ? [known]
    : await db
        .select({
          maxOpen: creatorCapacity.maxOpenMessages,
          dailyCap: creatorCapacity.dailyMessageCap,
          vacationUntil: creatorCapacity.vacationUntil,
        })
        .from(creatorCapacity)
        .where(eq(creatorCapacity.creatorId, creatorId));
  if (!creator) return null;
  if (creator.vacationUntil && creator.vacationUntil > now) return { reason: 'away', until: creator.vacationUntil };
  if (creator.maxOpen !== null) {
    const [open] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, creatorId), isOpen(now)));
    if ((open?.n ?? 0) >= creator.maxOpen) return { reason: 'full', until: null };
  }
  if (creator.dailyCap !== null) {
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [today] = await db
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.recipientId, creatorId),
          isDelivered(),
          gte(messages.createdAt, startOfDay),
          gte(messages.paidAt, startOfDay),
        ),
      );
    if ((today?.n ?? 0) >= creator.dailyCap) return { reason: 'daily_cap', until: nextUtcDay(now) };
  }
  return null;
}

/** The 409 a fan sees when the creator is paused (issue #13 copy). */
export function pauseMessage(pause: TPause): string {
  const when = pause.until
    ? `Back on ${pause.until.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.`
    : 'Taking messages again when a slot frees up.';
  return `This creator is currently unavailable. ${when}`;
}
