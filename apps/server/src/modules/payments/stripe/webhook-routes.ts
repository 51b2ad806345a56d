import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { claimWebhookEvent, forgetWebhookEvent, markWebhookEventProcessed } from '../claim-stripe-event';
import { createStripeClient } from './client';
import { HANDLED_CONNECT_EVENTS, HANDLED_STRIPE_EVENTS, handleStripeEvent } from './handle-event';

const ZReceived = z.object({ received: z.literal(true) });

/**
 * POST /api/webhooks/stripe and POST /api/webhooks/stripe-connect (ARCHITECTURE §2, STYLE.md
 * Webhooks, decision 0029). Two endpoints because Stripe signs the platform's own events and those of
 * connected accounts with two endpoint secrets: each route accepts only its own secret and its own
 * event types. Registered without fastify-plugin on purpose: the raw-body JSON parser below stays
 * inside this plugin, and the rest of the app parses JSON as usual. Stripe sends no Origin header;
 * the routes are marked server to server, so the Origin check skips them (the signature authenticates).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.payments.provider !== 'stripe') return;
  const { stripeWebhookSecret, stripeConnectWebhookSecret } = app.config.payments;
  // Without them no Stripe payment, or no payout, could ever be confirmed: refuse to start rather than take money silently.
  if (!stripeWebhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  if (!stripeConnectWebhookSecret) {
    throw new Error('STRIPE_CONNECT_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  // Security review I5: with one secret for both, each endpoint would take the other's events.
  if (stripeWebhookSecret === stripeConnectWebhookSecret) {
    throw new Error('STRIPE_WEBHOOK_SECRET and STRIPE_CONNECT_WEBHOOK_SECRET must differ (one secret per endpoint)');
  }
  const stripe = createStripeClient(app.config);

  // The signature covers the exact bytes Stripe sent, so they must reach us unparsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const endpoint = (path: string, secret: string, handled: Set<string>) =>
    app.post(
      path,
      { config: { serverToServer: true }, schema: { tags: ['payments'], hide: true, response: { 200: ZReceived } } },
      async (request) => {
        const event = verify(stripe, request.body, request.headers['stripe-signature'], secret);
        if (!handled.has(event.type)) return { received: true as const };
        if (!(await claimWebhookEvent(app.db, event))) {
          request.log.info({ eventId: event.id, type: event.type }, 'stripe webhook: duplicate delivery ignored');
          return { received: true as const };
        }
        try {
          const outcome = await handleStripeEvent({ app, stripe, log: request.log }, event);
          await markWebhookEventProcessed(app.db, event.id);
          request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook handled');
        } catch (error) {
          // A 500 makes Stripe deliver again; the claim must go, or that delivery would be skipped.
          await forgetWebhookEvent(app.db, event.id);
          request.log.error({ err: error, eventId: event.id, type: event.type }, 'stripe webhook: handling failed');
          throw error;
        }
        return { received: true as const };
      },
    );
  endpoint('/webhooks/stripe', stripeWebhookSecret, HANDLED_STRIPE_EVENTS);
  endpoint('/webhooks/stripe-connect', stripeConnectWebhookSecret, HANDLED_CONNECT_EVENTS);
};

function verify(stripe: Stripe, body: unknown, signature: string | string[] | undefined, secret: string): Stripe.Event {
  if (!Buffer.isBuffer(body) || typeof signature !== 'string') {
    throw new AppError('BAD_REQUEST', 'Missing Stripe signature or body.');
  }
  try {
    return stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid Stripe signature.');
  }
}
