import Stripe from 'stripe';
import { CALL_TIMEOUTS } from '../../../platform/call-timeouts';
import type { Config } from '../../../platform/config';

/**
 * The official SDK, on the API version this SDK release was generated for (its types describe
 * exactly that version). STRIPE_API_URL points it at a local stand-in in tests.
 */
export function createStripeClient(config: Config): Stripe {
  const { stripeSecretKey, stripeApiUrl } = config.payments;
  if (!stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required for the Stripe provider');
  const target = stripeApiUrl ? new URL(stripeApiUrl) : null;
  return new Stripe(stripeSecretKey, {
    apiVersion: Stripe.API_VERSION,
    // Every money call carries our own idempotency key, so the SDK's retries are safe in production;
    // tests want a failure to surface at once rather than after back-off.
    maxNetworkRetries: config.env === 'test' ? 0 : CALL_TIMEOUTS.provider.maxNetworkRetries,
    // Below the outbox's lease, retries included (decision 0039).
    timeout: CALL_TIMEOUTS.provider.timeoutMs,
    ...(target && {
      host: target.hostname,
      port: target.port || (target.protocol === 'https:' ? 443 : 80),
      protocol: target.protocol === 'https:' ? 'https' : 'http',
    }),
    appInfo: { name: 'Fanline' },
  });
}
