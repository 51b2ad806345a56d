import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { payments } from '../../../db/schema';
import type { AppContext } from '../../../platform/context';
import type { PaymentRow } from '../provider';

/** Our payment id as createCheckout put it on the session (metadata first, client_reference_id as a fallback). */
export function paymentIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.payment_id || session.client_reference_id || null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our Stripe payment named by an event's metadata; anything else (another app's event on a shared account) is not ours. */
export async function findStripePayment(
  ctx: Pick<AppContext, 'db'>,
  id: string | null | undefined,
): Promise<PaymentRow | null> {
  if (!id || !UUID.test(id)) return null;
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.provider, 'stripe')));
  return row ?? null;
}
