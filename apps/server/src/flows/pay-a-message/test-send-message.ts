import type { FastifyBaseLogger } from 'fastify';
import { capturesAtOnceNow, successPath } from '../../modules/payments';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { confirmAuthorization } from './confirm-authorization';
import { startCheckout } from './start-checkout';

/**
 * Local provider only: a paid message sent without the card form (checkout, then confirmation at
 * once). Its route exists only when payments' testSendEnabled says so (ARCHITECTURE §7).
 */
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
  return { redirectUrl: successPath(started.paymentId) };
}
