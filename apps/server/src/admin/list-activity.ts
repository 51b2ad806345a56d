import { messageOutcome, messageOutcomeText, type TDeclineReason, type ZAdminActivity } from '@fanline/contracts';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { messages, payments, profiles } from '../db/schema';
import { endCauseOf, isVisibleToCreator, VISIBLE_STATUSES } from '../modules/messages';
import type { Db } from '../platform/db';

/**
 * Issue 36 §5: a payment in the feed says what became of its message in the one vocabulary
 * ("Declined: Outside my expertise", "Released", "Expired", "Refunded"…), never the provider's
 * "canceled"; a checkout not paid yet, or failed, says so.
 */
function paymentWord(p: {
  status: string;
  messageStatus: (typeof messages.$inferSelect)['status'] | null;
  isFollowup: boolean | null;
  declinedAt: Date | null;
  declineReason: string | null;
}): string {
  if (p.status === 'failed') return 'Failed';
  if (
    p.status === 'pending' ||
    p.messageStatus === null ||
    !(VISIBLE_STATUSES as readonly string[]).includes(p.messageStatus)
  )
    return 'Checkout started';
  const outcome = messageOutcome({
    status: p.messageStatus,
    isFollowup: p.isFollowup ?? false,
    endedBy: endCauseOf({ status: p.messageStatus, declinedAt: p.declinedAt, declineReason: p.declineReason }),
    refundedAfterAnswer: p.status === 'refunded',
  });
  return messageOutcomeText(outcome, p.declineReason as TDeclineReason | null);
}

/**
 * spec §2 Admin Dashboard: the last events (new profiles, paid messages, payments), newest first.
 * Three small index-backed reads of `limit` rows each, merged here.
 */
export async function listActivity(db: Db, limit: number): Promise<z.output<typeof ZAdminActivity>[]> {
  const sender = alias(profiles, 'sender');
  const recipient = alias(profiles, 'recipient');
  const [people, sent, paid] = await Promise.all([
    db
      .select({ id: profiles.id, username: profiles.username, isCreator: profiles.isCreator, at: profiles.createdAt })
      .from(profiles)
      .orderBy(desc(profiles.createdAt))
      .limit(limit),
    db
      .select({ id: messages.id, from: sender.username, to: recipient.username, at: messages.createdAt })
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .innerJoin(recipient, eq(recipient.id, messages.recipientId))
      .where(isVisibleToCreator())
      .orderBy(desc(messages.createdAt))
      .limit(limit),
    db
      .select({
        id: payments.id,
        amount: payments.amountTotal,
        status: payments.status,
        from: sender.username,
        at: payments.updatedAt,
        messageStatus: messages.status,
        isFollowup: messages.isFollowup,
        declinedAt: messages.declinedAt,
        declineReason: messages.declineReason,
      })
      .from(payments)
      .innerJoin(sender, eq(sender.id, payments.senderId))
      .leftJoin(messages, eq(messages.id, payments.messageId))
      .orderBy(desc(payments.createdAt))
      .limit(limit),
  ]);
  const events: z.output<typeof ZAdminActivity>[] = [
    ...people.map((p) => ({
      id: `profile:${p.id}`,
      kind: 'profile' as const,
      text: `New ${p.isCreator ? 'creator' : 'user'} @${p.username} joined`,
      at: p.at,
    })),
    ...sent.map((m) => ({
      id: `message:${m.id}`,
      kind: 'message' as const,
      text: `@${m.from} messaged @${m.to}`,
      at: m.at,
    })),
    ...paid.map((p) => ({
      id: `payment:${p.id}`,
      kind: 'payment' as const,
      text: `Payment of $${(p.amount / 100).toFixed(2)} from @${p.from}: ${paymentWord(p)}`,
      at: p.at,
      amountCents: p.amount,
    })),
  ];
  return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
}
