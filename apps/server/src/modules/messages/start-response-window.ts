import { eq } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * THE RESPONSE WINDOW STARTS HERE (ARCHITECTURE §3: expires_at = paid_at + response window). Its
 * payment was just authorized (or, for long windows, charged) by payments' confirmAuthorization: the
 * pending message becomes `sent`, reaches the creator, and its deadline is set. The expiry job
 * (expire-messages.ts) refunds it once that deadline passes unanswered.
 *
 * Returns the update without sending it, with what it sets: the payment's transaction sends it inside
 * the statement that announces the message (one round trip for the writes that make a paid message
 * live: issue 14, SSE delivery). Awaiting `update` sends it on its own.
 */
export function messagePaidUpdate(tx: Db, opts: { messageId: string; now: Date; windowHours: number }) {
  const set = {
    status: 'sent' as const,
    paidAt: opts.now,
    expiresAt: new Date(opts.now.getTime() + opts.windowHours * 3_600_000),
    updatedAt: opts.now,
  };
  return { ...set, update: tx.update(messages).set(set).where(eq(messages.id, opts.messageId)) };
}
