import { ZHealthResponse, ZLivenessResponse } from '@fanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseErrorClass } from '../../platform/database-errors';
import { appVersion, instanceId } from '../../platform/instance';

/** Which process answered: behind a balancer, the operator (and the cluster's tests) can tell. */
const whoAnswered = { instance: instanceId, version: appVersion };

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // This instance's previous readiness answer: a change is counted (issue 40), so an instance the
  // balancer keeps taking out and putting back is seen, not only one that restarts.
  let lastReady: boolean | null = null;
  const answered = (ready: boolean) => {
    if (lastReady !== null && lastReady !== ready)
      app.metrics.readinessChanges.inc({ to: ready ? 'ready' : 'not_ready' });
    lastReady = ready;
  };
  // Liveness: the process answers. Never touches the database, so a database outage does not get
  // a healthy process restarted by its supervisor.
  app.get(
    '/health/live',
    { schema: { tags: ['system'], summary: 'Liveness: the process is up', response: { 200: ZLivenessResponse } } },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()), ...whoAnswered }),
  );

  // Readiness (also at the historical /api/health): 503 while the database is unreachable, and from
  // the moment the instance drains (SIGTERM, decision 0033) so the balancer sends it nothing new. Every
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
        let database: { status: 'up' | 'down'; driver: typeof driver; latencyMs: number };
        try {
          database = { status: 'up', driver, latencyMs: await app.database.ping() };
        } catch (error) {
          app.metrics.databaseErrors.inc({ class: databaseErrorClass(error) ?? 'connection' });
          app.log.error({ err: error }, 'health check: database unreachable');
          database = { status: 'down', driver, latencyMs: -1 };
        }
        // Checked after the round trip, so an answer that began just before SIGTERM says draining too.
        const draining = app.drain.active;
        const status = draining
          ? ('draining' as const)
          : database.status === 'up' && payments.status === 'up'
            ? ('ok' as const)
            : ('degraded' as const);
        const ready = !draining && database.status === 'up';
        answered(ready);
        return reply.status(ready ? 200 : 503).send({ status, database, payments, uptimeSeconds, ...whoAnswered });
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
