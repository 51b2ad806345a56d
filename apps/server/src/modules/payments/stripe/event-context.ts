import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../../platform/context';
import type { CheckoutsSeam } from '../../../platform/ports';

/**
 * What every `on-<event>.ts` handler receives: the app's seams (our rows, the provider, and the pay-a-message
 * flow a checkout's outcome is handed to: `checkouts`, decision 0070),
 * the Stripe client to read the truth back, and the delivery's logger. Its own file, so the
 * dispatcher and the handlers both import it and neither imports the other's types.
 */
export interface StripeEventContext {
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox'> &
    CheckoutsSeam;
  stripe: Stripe;
  /** The request's logger, so every line carries the delivery's request id. */
  log: FastifyBaseLogger;
}
