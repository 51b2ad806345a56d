import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Gauge } from 'prom-client';
import { lastSuccessfulBackup, walArchiveStatus } from '../modules/health';
import { oldestOverdueMessage } from '../modules/messages';
import { outboxBacklog } from '../modules/outbox';
import { paymentsByState } from '../modules/payments';
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
  new Gauge({
    name: 'fanline_outbox_lag_seconds',
    help: 'Age of the oldest outbox effect that is due and not yet carried out (0 when none is due).',
    registers,
    async collect() {
      await guarded('outbox', async () => {
        this.set(ageSeconds(app, (await outboxBacklog(app.db, app.clock.now())).oldestDueAt));
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
        const current = await outboxBacklog(app.db, app.clock.now());
        this.set({ state: 'due' }, current.due);
        this.set({ state: 'dead' }, current.dead);
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
        this.set({ job: 'expire-messages' }, ageSeconds(app, await oldestOverdueMessage(app.db, app.clock.now())));
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
        for (const [state, n] of Object.entries(await paymentsByState(app.db))) this.set({ state }, n);
      });
    },
  });
  new Gauge({
    name: 'fanline_backup_last_success_timestamp_seconds',
    help: 'When the newest successful backup (pgBackRest base backup or npm run backup) finished, in Unix seconds; 0 when none is recorded (backup_runs).',
    registers,
    async collect() {
      await guarded('backup', async () => {
        const last = await lastSuccessfulBackup(app.db);
        this.set(last ? last.finishedAt.getTime() / 1000 : 0);
      });
    },
  });
  // PostgreSQL's WAL archiver (pg_stat_archiver): the recovery point holds only while it archives.
  // Left out on the embedded database and where archiving never ran.
  if (app.database.driver === 'postgres') {
    new Gauge({
      name: 'fanline_wal_archive_failing',
      help: "1 while PostgreSQL's last WAL archive attempt failed (pg_stat_archiver: last failure newer than last success), else 0.",
      registers,
      async collect() {
        await guarded('wal-archive', async () => {
          const status = await walArchiveStatus(app.db);
          if (!status) return;
          const failedAt = status.lastFailedAt?.getTime() ?? 0;
          this.set(failedAt > (status.lastArchivedAt?.getTime() ?? 0) ? 1 : 0);
        });
      },
    });
  }
  new Gauge({
    name: 'fanline_event_bus_connected',
    help: 'Whether this instance hears the others now: 1 while its LISTEN connection (or its NATS connection) is up, else 0.',
    labelNames: ['bus'],
    registers,
    collect() {
      this.set({ bus: app.config.eventBus.kind }, app.events.connected() ? 1 : 0);
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

/** Seconds from `oldest` to the app's now; 0 when nothing waits. */
function ageSeconds(app: FastifyInstance, oldest: Date | null): number {
  if (!oldest) return 0;
  return Math.max(0, (app.clock.now().getTime() - oldest.getTime()) / 1000);
}
