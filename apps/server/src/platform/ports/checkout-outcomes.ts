import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Mailer } from '../mailer';
import type { EventBus } from './event-bus';
import type { OutboxRunner } from './outbox-runner';
import type { PaymentProvider } from './payment-provider';

/**
 * What confirming a paid checkout touches: the flow's confirmAuthorization. Spelled out rather than
 * picked from AppContext, which names this port in turn (platform/context.ts).
 */
export interface ConfirmCheckoutContext {
  db: Db;
  clock: Clock;
  config: Config;
  payments: PaymentProvider;
  mailer: Mailer;
  events: EventBus;
  log: FastifyBaseLogger;
  outbox: OutboxRunner;
}

/**
 * What a checkout's outcome does to its message (decision 0070): the pay-a-message flow
 * (src/flows/pay-a-message) makes the message live when its checkout is paid, and cancels it when the
 * checkout failed or was abandoned. The money rail learns the outcome (Stripe's webhook, the local test
 * checkout's card form, the reconciler asking the provider) but sits below the flows, so the app hands
 * the flow down as this port (`checkouts`, decorated in app.ts and typed in platform/context.ts), as it hands down the outbox's handlers.
 */
export interface CheckoutOutcomes {
  /** The checkout was paid: held, or charged at once (`captured`). Safe to call twice. */
  confirm(
    ctx: ConfirmCheckoutContext,
    opts: {
      paymentId: string;
      providerPaymentId?: string | null;
      captured: boolean;
      /** When the provider drops the hold (Stripe's charge capture_before); null: our hold limit. */
      captureBefore?: Date | null;
    },
  ): Promise<{ changed: boolean; refused?: string }>;
  /** The checkout failed or was abandoned: only a pending payment changes. */
  abandon(
    ctx: { db: Db; clock: Clock },
    opts: { paymentId: string; reason: 'failed' | 'canceled' },
  ): Promise<{ changed: boolean }>;
}

/** The seam a use case that reports a checkout's outcome takes beside its AppContext pick. */
export interface CheckoutsSeam {
  checkouts: CheckoutOutcomes;
}
