import type { FastifyInstance } from 'fastify';

export type ReadinessStatus = 'ok' | 'degraded' | 'draining';

/**
 * The one readiness rule (decision 0033), shared by /health/ready and the instance heartbeat
 * (decision 0064): 503 while the database is unreachable or from the moment the instance drains; a
 * payment configuration problem is 'degraded' but still 200, since every instance shares it.
 */
export function readinessOf(opts: { draining: boolean; databaseUp: boolean; paymentsUp: boolean }): {
  status: ReadinessStatus;
  ready: boolean;
} {
  const status: ReadinessStatus = opts.draining ? 'draining' : opts.databaseUp && opts.paymentsUp ? 'ok' : 'degraded';
  return { status, ready: !opts.draining && opts.databaseUp };
}

/** The payment provider's configuration as far as the server can tell without calling it. */
export function paymentStatus(app: Pick<FastifyInstance, 'config'>) {
  const { provider, stripeWebhookSecret, stripeConnectWebhookSecret } = app.config.payments;
  const production = app.config.env === 'production';
  let problem: string | null = null;
  if (provider === 'stripe' && !stripeWebhookSecret)
    problem =
      'STRIPE_WEBHOOK_SECRET is not set: Stripe events are not accepted; the reconciler alone settles payments.';
  else if (provider === 'stripe' && !stripeConnectWebhookSecret)
    problem = 'STRIPE_CONNECT_WEBHOOK_SECRET is not set: payout and payout-account events are not accepted.';
  else if (provider === 'local' && production)
    problem = 'ALLOW_TEST_PAYMENTS is on: the built-in test checkout collects no money.';
  return { provider, status: problem ? ('down' as const) : ('up' as const), problem };
}
