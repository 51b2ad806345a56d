import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * THE RESPONSE WINDOW STARTS HERE (ARCHITECTURE §3: expires_at = paid_at + response window). Its
 * payment was just authorized (or, for long windows, charged) by payments' confirmAuthorization: the
 * pending message becomes `sent`, reaches the creator, and its deadline is set. The expiry job
 * (expire-messages.ts) refunds it once that deadline passes unanswered. Runs inside the payment's
 * transaction; returns the message as it now is.
 */
export async function markMessagePaid(tx: Db, opts: { messageId: string; now: Date; windowHours: number }) {
  const [message] = await tx
    .update(messages)
    .set({
      status: 'sent',
      paidAt: opts.now,
      expiresAt: new Date(opts.now.getTime() + opts.windowHours * 3_600_000),
      updatedAt: opts.now,
    })
    .where(eq(messages.id, opts.messageId))
    .returning();
  if (!message) throw new Error(`message ${opts.messageId} does not exist`);
  return message;
}
