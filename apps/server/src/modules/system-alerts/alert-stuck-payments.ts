import { and, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import { messages, payments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { sendSystemAlert } from './send-system-alert';

/** How long past its message's deadline a payment may stay unsettled before admins hear of it. */
export const STUCK_AFTER_MS = 30 * 60_000;

/**
 * Payments the expiry job and the reconciler should have finished long ago (issue #12 system
 * alerts): a hold still authorized, or a charge still kept for a refunded message, more than
 * STUCK_AFTER_MS past the message's deadline. Each is reported once (sendSystemAlert's key).
 */
export async function alertStuckPayments(
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'log' | 'outbox'>,
  limit = 100,
): Promise<number> {
  const cutoff = new Date(app.clock.now().getTime() - STUCK_AFTER_MS);
  const stuck = await app.db
    .select({ paymentId: payments.id, status: payments.status, expiresAt: messages.expiresAt })
    .from(payments)
    .innerJoin(messages, eq(messages.id, payments.messageId))
    .where(
      and(
        isNotNull(messages.expiresAt),
        lt(messages.expiresAt, cutoff),
        or(
          eq(payments.status, 'authorized'),
          and(eq(payments.status, 'succeeded'), inArray(messages.status, ['refunded'])),
        ),
      ),
    )
    .limit(limit);
  let alerted = 0;
  for (const row of stuck) {
    const held = row.status === 'authorized' ? 'is still held' : 'was charged and is not yet refunded';
    const sent = await sendSystemAlert(app, {
      kind: 'stuck_payment',
      targetId: row.paymentId,
      subject: 'a payment is stuck past its deadline',
      lines: [
        `Payment ${row.paymentId} ${held}, though its message's deadline passed at ${row.expiresAt?.toISOString()}.`,
        'The expiry job and the reconciler could not settle it; the admin Messages page can release or refund it.',
      ],
    });
    if (sent) alerted++;
  }
  return alerted;
}
