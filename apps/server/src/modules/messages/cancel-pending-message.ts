import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * Its checkout failed, was abandoned or was refused at payment time (ARCHITECTURE §3 `cancelled`):
 * the pending message never reaches the creator. Only a still-pending message changes.
 */
export async function cancelPendingMessage(tx: Db, opts: { messageId: string; now: Date }): Promise<void> {
  await tx
    .update(messages)
    .set({ status: 'cancelled', updatedAt: opts.now })
    .where(and(eq(messages.id, opts.messageId), eq(messages.status, 'pending')));
}

/** A message's status, for the money steps that act only on a given one (capture: responded; release: refunded). */
export async function messageStatusOf(tx: Db, messageId: string) {
  const [message] = await tx.select({ status: messages.status }).from(messages).where(eq(messages.id, messageId));
  return message?.status ?? null;
}

/** A message's status and whether it was paid (isPaidRow, isUnansweredRow), or undefined. */
export async function messageStateOf(tx: Db, messageId: string) {
  const [row] = await tx
    .select({ status: messages.status, amount: messages.amount, isFollowup: messages.isFollowup })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row;
}
