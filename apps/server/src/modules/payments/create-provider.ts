import type { Config } from '../../platform/config';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './provider';

/** The configured provider: Stripe with a secret key, else the built-in test checkout. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.payments.provider === 'stripe') {
    throw new Error('STRIPE_SECRET_KEY is set but the Stripe provider is not wired in yet');
  }
  return createLocalProvider(config.publicUrl, config.payments.holdLimitHours);
}
