import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Gauge } from 'prom-client';
import { metricsTokenMatches } from '../platform/metrics';

/**
 * The figures read from the database at scrape time (issue 27, decision 0033), added to the app's
 * registry: how far behind the outbox and the expiry job are, payments by state, and the pool. Each
 * is one small indexed query; a failing one is logged and leaves its gauge out of that scrape rather
 * than failing the whole answer (the process figures still tell the operator something).
 */
function registerScrapeGauges(app: FastifyInstance): void {
  const registers = [app.metrics.registry];
  const guarded = async (what: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (error) {
      app.log.warn({ err: error, metric: what }, 'metrics: a scrape-time query failed');
    }
  };
  const nowIso = () => app.clock.now().toISOString();

  new Gauge({
    name: 'fanline_outbox_lag_seconds',
    help: 'Age of the oldest outbox effect that is due and not yet carried out (0 when none is due).',
    registers,
    async collect() {
      await guarded('outbox', async () => {
        const row = await one<{ oldest: number | string | null }>(
          app,
          sql`select extract(epoch from min(run_at))::float8 as oldest from outbox where status = 'pending' and run_at <= ${nowIso()}::timestamptz`,
        );
        this.set(ageSeconds(app, row?.oldest));
      });
    },
  });
  new Gauge({
    name: 'fanline_outbox_effects',
    help: 'Outbox effects that are due and pending, and those that died after their attempts.',
    labelNames: ['state'],
    registers,
    async collect() {
      await guarded('outbox-count', async () => {
        const row = await one<{ due: number; dead: number }>(
          app,
          sql`select count(*) filter (where status = 'pending' and run_at <= ${nowIso()}::timestamptz)::int as due,
                     count(*) filter (where status = 'dead')::int as dead
              from outbox where status <> 'done'`,
        );
        this.set({ state: 'due' }, Number(row?.due ?? 0));
        this.set({ state: 'dead' }, Number(row?.dead ?? 0));
      });
    },
  });
  new Gauge({
    name: 'fanline_job_lag_seconds',
    help: 'How long the oldest due item of a background job has waited (expire-messages: an open message past its deadline).',
    labelNames: ['job'],
    registers,
    async collect() {
      await guarded('job-lag', async () => {
        const row = await one<{ oldest: number | string | null }>(
          app,
          sql`select extract(epoch from min(expires_at))::float8 as oldest from messages where status = 'sent' and expires_at <= ${nowIso()}::timestamptz`,
        );
        this.set({ job: 'expire-messages' }, ageSeconds(app, row?.oldest));
      });
    },
  });
  new Gauge({
    name: 'fanline_payments',
    help: 'Payments by state (one grouped query at scrape time).',
    labelNames: ['state'],
    registers,
    async collect() {
      await guarded('payments', async () => {
        const rows = await all<{ status: string; n: number }>(
          app,
          sql`select status, count(*)::int as n from payments group by status`,
        );
        this.reset();
        for (const state of ['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed'])
          this.set({ state }, 0);
        for (const row of rows) this.set({ state: row.status }, Number(row.n));
      });
    },
  });
  new Gauge({
    name: 'fanline_db_pool_connections',
    help: 'Database connections of this instance: total open, idle, and requests waiting for one (PGlite: one, never idle).',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = app.database.pool;
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
}

/**
 * GET /metrics on the public port: only with METRICS_TOKEN as a bearer token (registered only when it
 * is set; otherwise the path is a plain 404). The internal listener (METRICS_PORT) needs no token.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  if (app.metrics.enabled) registerScrapeGauges(app);
  const token = app.config.metrics.token;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsTokenMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'UNAUTHENTICATED', message: 'A metrics token is required.', requestId: request.id } });
    }
    const text = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
  });
};

/** Seconds from `oldest` (epoch seconds, as the query gives them) to the app's now; 0 when nothing waits. */
function ageSeconds(app: FastifyInstance, oldest: number | string | null | undefined): number {
  if (oldest === null || oldest === undefined) return 0;
  return Math.max(0, app.clock.now().getTime() / 1000 - Number(oldest));
}

async function all<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await app.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function one<T>(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await all<T>(app, query))[0];
}
