import { LOCAL_TEST_CARDS, MESSAGE_MESSAGES } from '@fanline/contracts';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { CheckoutsSeam } from '../../../platform/ports';
import { capturesAtOnceNow } from '../captures-at-once';
import { successPath } from '../payment-receipt';
import { loadOwnPayment } from './get-local-checkout';

/**
 * The fan submits the built-in test checkout's card form (ARCHITECTURE §2 local provider): the
 * success test card confirms the payment (the response window starts), the declined one is refused
 * like a real decline, anything else gets the test-card hint. Paying twice (a double click, a
 * reload) lands on the same success page and charges nothing more.
 */
export async function payLocalCheckout(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox'> &
    CheckoutsSeam,
  opts: { paymentId: string; viewerId: string; cardNumber: string },
): Promise<{ redirectUrl: string }> {
  const { payment } = await loadOwnPayment(ctx, opts);
  if (payment.status === 'pending') {
    if (opts.cardNumber === LOCAL_TEST_CARDS.declined) {
      throw new AppError('CARD_DECLINED', MESSAGE_MESSAGES.cardDeclined, { cardNumber: MESSAGE_MESSAGES.cardDeclined });
    }
    if (opts.cardNumber !== LOCAL_TEST_CARDS.success) {
      const hint = 'This is a test checkout: use the test card 4242 4242 4242 4242.';
      throw new AppError('BAD_REQUEST', hint, { cardNumber: hint });
    }
    const { refused } = await ctx.checkouts.confirm(ctx, {
      paymentId: payment.id,
      providerPaymentId: `local_${payment.id}`,
      captured: await capturesAtOnceNow(ctx),
    });
    // The creator paused, maintenance began or the price changed since the checkout started.
    if (refused) throw new AppError('CONFLICT', refused);
  } else if (payment.status !== 'authorized' && payment.status !== 'succeeded') {
    throw new AppError('CONFLICT', 'This checkout is no longer open. Please start again from the creator’s profile.');
  }
  return { redirectUrl: successPath(payment.id) };
}
