import { ZHealthResponse } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database status',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.round(process.uptime());
      const driver = app.database.driver;
      try {
        const latencyMs = await app.database.ping();
        return { status: 'ok' as const, database: { status: 'up' as const, driver, latencyMs }, uptimeSeconds };
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({
          status: 'degraded' as const,
          database: { status: 'down' as const, driver, latencyMs: -1 },
          uptimeSeconds,
        });
      }
    },
  );
};
