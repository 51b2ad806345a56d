import { ZHealthResponse, ZLivenessResponse } from '@fanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. Never touches the database, so a database outage does not get
  // a healthy process restarted by its supervisor.
  app.get(
    '/health/live',
    { schema: { tags: ['system'], summary: 'Liveness: the process is up', response: { 200: ZLivenessResponse } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  // Readiness (also at the historical /api/health): 503 while the database is unreachable. Every
  // check is a fresh round trip, so the answer turns back to 200 by itself when the database returns.
  for (const url of ['/health', '/health/ready']) {
    app.get(
      url,
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: database and payment provider status',
          response: { 200: ZHealthResponse, 503: ZHealthResponse },
        },
      },
      async (_request, reply) => {
        const uptimeSeconds = Math.round(process.uptime());
        const driver = app.database.driver;
        const payments = paymentStatus(app);
        try {
          const latencyMs = await app.database.ping();
          const status = payments.status === 'up' ? ('ok' as const) : ('degraded' as const);
          return { status, database: { status: 'up' as const, driver, latencyMs }, payments, uptimeSeconds };
        } catch (error) {
          app.log.error({ err: error }, 'health check: database unreachable');
          return reply.status(503).send({
            status: 'degraded' as const,
            database: { status: 'down' as const, driver, latencyMs: -1 },
            payments,
            uptimeSeconds,
          });
        }
      },
    );
  }
};

/** The payment provider's configuration as far as the server can tell without calling it. */
function paymentStatus(app: FastifyInstance) {
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
