import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { capturesAtOnceNow } from '../captures-at-once';
import { confirmAuthorization } from '../confirm-authorization';
import { successPath } from '../payment-receipt';
import { startCheckout } from '../start-checkout';
import { loadOwnPayment } from './get-local-checkout';

/** Test-send bypasses payment: only with the local provider, and never in production (ARCHITECTURE §7). */
export const testSendEnabled = (ctx: Pick<AppContext, 'payments' | 'config'>) =>
  ctx.payments.name === 'local' && ctx.config.payments.testSend;

/** Local provider only: a paid message sent without the card form (checkout, then confirmation at once). */
export async function testSendMessage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox'>,
  opts: {
    senderId: string;
    recipientId: string;
    content: string;
    attachmentIds?: readonly string[];
    log?: FastifyBaseLogger;
  },
): Promise<{ redirectUrl: string }> {
  const started = await startCheckout(ctx, opts);
  const { refused } = await confirmAuthorization(ctx, {
    paymentId: started.paymentId,
    providerPaymentId: `local_test_${started.paymentId}`,
    captured: await capturesAtOnceNow(ctx),
  });
  if (refused) throw new AppError('CONFLICT', refused);
  const { payment } = await loadOwnPayment(ctx, { paymentId: started.paymentId, viewerId: opts.senderId });
  return { redirectUrl: successPath(payment.id) };
}
