import { ZHealthResponse, ZLivenessResponse } from '@fanline/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseErrorClass } from '../../platform/database-errors';
import { appVersion } from '../../platform/instance';
import { paymentStatus, readinessOf } from './readiness';

/** Which process answered: behind a balancer, the operator (and the cluster's tests) can tell. */
const whoAnswered = (app: FastifyInstance) => ({ instance: app.config.instanceId, version: appVersion });

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
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()), ...whoAnswered(app) }),
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
        const { status, ready } = readinessOf({
          draining: app.drain.active,
          databaseUp: database.status === 'up',
          paymentsUp: payments.status === 'up',
        });
        answered(ready);
        return reply.status(ready ? 200 : 503).send({ status, database, payments, uptimeSeconds, ...whoAnswered(app) });
      },
    );
  }
};
