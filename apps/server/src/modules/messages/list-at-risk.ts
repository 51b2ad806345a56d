import { and, asc, eq, gt } from 'drizzle-orm';
import { messages, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/** How many open messages the "at risk" strip shows. */
export const AT_RISK_LIMIT = 5;

/**
 * Issue #13: the top of the creator inbox lists the creator's open paid messages with the least time
 * left. One query (messages_recipient_open_expires_idx), the sender's name joined in.
 */
export async function listAtRisk(db: Db, opts: { creatorId: string; now: Date }) {
  const rows = await db
    .select({
      messageId: messages.id,
      content: messages.content,
      amount: messages.amount,
      expiresAt: messages.expiresAt,
      displayName: profiles.displayName,
      username: profiles.username,
    })
    .from(messages)
    .innerJoin(profiles, eq(profiles.id, messages.senderId))
    .where(
      and(
        eq(messages.recipientId, opts.creatorId),
        eq(messages.status, 'sent'),
        eq(messages.isFollowup, false),
        gt(messages.amount, 0),
        gt(messages.expiresAt, opts.now),
      ),
    )
    .orderBy(asc(messages.expiresAt))
    .limit(AT_RISK_LIMIT);
  return {
    items: rows.map((row) => ({
      messageId: row.messageId,
      senderName: row.displayName || `@${row.username}`,
      amount: row.amount,
      preview: row.content.length > 80 ? `${row.content.slice(0, 79)}…` : row.content,
      expiresAt: row.expiresAt ?? opts.now,
    })),
  };
}
