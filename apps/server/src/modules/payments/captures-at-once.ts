import type { AppContext } from '../../platform/context';
import { readSettings } from '../settings';
import type { PaymentProvider } from './provider';

/**
 * ARCHITECTURE §2, the one rule for long windows: a response window longer than the provider can
 * hold a card authorization is charged at send time and refunded at expiry; otherwise the money is
 * only held, then captured on a reply or released on expiry. Checkout creation, every confirmation
 * path and the public config (`paymentMode`) ask this one function.
 */
export function capturesAtOnce(windowHours: number, provider: Pick<PaymentProvider, 'holdLimitHours'>): boolean {
  return windowHours > provider.holdLimitHours;
}

/** capturesAtOnce with the response window in force now (platform setting message_expiration_hours). */
export async function capturesAtOnceNow(ctx: Pick<AppContext, 'db' | 'payments'>): Promise<boolean> {
  const { message_expiration_hours: hours } = await readSettings(ctx.db, ['message_expiration_hours']);
  return capturesAtOnce(hours, ctx.payments);
}
