import type { Config } from '../../platform/config';
import { createLocalProvider } from './local/provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe/provider';

/** The configured provider: Stripe with a secret key, else the built-in test checkout. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payments.provider === 'stripe') return createStripeProvider(config);
  return createLocalProvider(config.payments.holdLimitHours);
}
