import { eq } from 'drizzle-orm';
import { messages, payments, profiles } from '../../../db/schema';
import type { AppContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';

export type LocalCheckoutContext = Pick<AppContext, 'db'>;

/** The built-in test checkout page's view of one of the caller's own payments. */
export async function getLocalCheckout(ctx: LocalCheckoutContext, opts: { paymentId: string; viewerId: string }) {
  const { payment, message, creator } = await loadOwnPayment(ctx, opts);
  return {
    paymentId: payment.id,
    status: payment.status,
    amount: payment.amountTotal,
    creator,
    messagePreview: message.content.slice(0, 200),
  };
}

/** A payment of the caller's own; anybody else's is 'not found', never 'forbidden' (no probing). */
export async function loadOwnPayment(ctx: LocalCheckoutContext, opts: { paymentId: string; viewerId: string }) {
  const [row] = await ctx.db
    .select({
      payment: payments,
      message: { content: messages.content },
      creator: { username: profiles.username, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl },
    })
    .from(payments)
    .innerJoin(messages, eq(messages.id, payments.messageId))
    .innerJoin(profiles, eq(profiles.id, payments.recipientId))
    .where(eq(payments.id, opts.paymentId));
  if (!row || row.payment.senderId !== opts.viewerId) throw new AppError('NOT_FOUND', 'Payment not found');
  return row;
}
