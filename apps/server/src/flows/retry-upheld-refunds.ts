import { upheldFlagsAwaitingRefund } from '../modules/moderation';
import { enqueueEffects } from '../modules/outbox';
import { paymentOfMessage, refundUpheldEffect } from '../modules/payments';
import type { AppContext } from '../platform/context';

/**
 * Finds upheld "not an answer" flags whose earning is still not refunded (decision 0016) and makes
 * sure their refund is in the outbox: the ruling wrote it (decision 0022), so this only matters for a
 * flag upheld before the outbox existed. The jobs' outbox pass carries them out; refundCapturedPayment
 * is idempotent (one provider refund key, one booking), so a repeat is harmless.
 */
export async function retryUpheldRefunds(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log'>,
  opts: { limit?: number } = {},
): Promise<number> {
  const pending = await upheldFlagsAwaitingRefund(ctx.db, opts);
  if (pending.length === 0) return 0;
  const effects = [];
  for (const messageId of pending)
    effects.push(refundUpheldEffect(messageId, (await paymentOfMessage(ctx.db, messageId))?.id ?? null));
  // Written if missing (the same key is the same row); the jobs' outbox pass carries them out.
  await enqueueEffects(ctx.db, effects, ctx.clock.now());
  return effects.length;
}
