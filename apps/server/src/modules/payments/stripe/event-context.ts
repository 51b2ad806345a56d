import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';

/**
 * What every `on-<event>.ts` handler receives: the app (for our rows and the use cases it calls),
 * the Stripe client to read the truth back, and the delivery's logger. Its own file, so the
 * dispatcher and the handlers both import it and neither imports the other's types.
 */
export interface StripeEventContext {
  app: FastifyInstance;
  stripe: Stripe;
  /** The request's logger, so every line carries the delivery's request id. */
  log: FastifyBaseLogger;
}
