import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { appCommit, appVersion, instanceId } from './instance';

/**
 * One instance's Prometheus metrics (issue 27, decision 0033). The registry is the app's own (tests
 * build many apps in one process); the figures that need the database are gauges the composition
 * adds with a `collect` run at scrape time (http/metrics-routes.ts).
 */
export interface Metrics {
  /** Off unless METRICS_TOKEN or METRICS_PORT is set: no hooks, no process sampling, /metrics is a 404. */
  enabled: boolean;
  registry: Registry;
  /** Event streams open on this instance (GET /api/events). */
  openStreams: Gauge;
  /**
   * Stream requests refused over the caps (issue 40: an alert watches it), by the gate that refused:
   * `instance` (the per-instance pre-check) or `cluster` (the leases every instance counts).
   */
  streamsRefused: Counter<'gate'>;
  /**
   * Database failures met by requests, the jobs loop and readiness checks (issue 40), by SQLSTATE class
   * (`08`, `40`, `57`...) or `connection`: databaseErrorClass().
   */
  databaseErrors: Counter<'class'>;
  /**
   * Readiness answers that differ from this instance's previous one (issue 40), by the state turned to:
   * a balancer taking an instance in and out is seen here, which restarts alone do not show.
   */
  readinessChanges: Counter<'to'>;
  /**
   * Browse answers served from this instance's short cache / read from the database (issue 39: the
   * hit ratio under load), by read (`browse`, `landing`).
   */
  browseCacheHits: Counter<'read'>;
  browseCacheMisses: Counter<'read'>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(enabled: boolean): Metrics {
  const registry = new Registry();
  if (enabled) collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'fanline_instance_info',
    help: 'The instance id, release and commit of this process (always 1).',
    labelNames: ['instance', 'version', 'commit'],
    registers: [registry],
  }).set({ instance: instanceId, version: appVersion, commit: appCommit ?? 'unknown' }, 1);
  const openStreams = new Gauge({
    name: 'fanline_event_streams_open',
    help: 'Server-Sent Event streams open on this instance.',
    registers: [registry],
  });
  const streamsRefused = new Counter({
    name: 'fanline_event_streams_refused_total',
    help: 'Event stream requests refused because a user or an address was over its cap, by gate (instance, cluster).',
    labelNames: ['gate'],
    registers: [registry],
  });
  const databaseErrors = new Counter({
    name: 'fanline_database_errors_total',
    help: 'Database failures met by requests, background jobs and readiness checks, by SQLSTATE class (08, 40, 57...) or connection.',
    labelNames: ['class'],
    registers: [registry],
  });
  const readinessChanges = new Counter({
    name: 'fanline_readiness_changes_total',
    help: "Readiness answers that differ from this instance's previous answer, by the state turned to (ready, not_ready).",
    labelNames: ['to'],
    registers: [registry],
  });
  // Series that exist from the start, so rate() and increase() see their first step.
  databaseErrors.inc({ class: 'connection' }, 0);
  readinessChanges.inc({ to: 'ready' }, 0);
  readinessChanges.inc({ to: 'not_ready' }, 0);
  const browseCacheHits = new Counter({
    name: 'fanline_browse_cache_hits_total',
    help: "Browse and landing answers served from this instance's short cache, by read (browse, landing).",
    labelNames: ['read'],
    registers: [registry],
  });
  const browseCacheMisses = new Counter({
    name: 'fanline_browse_cache_misses_total',
    help: 'Browse and landing answers read from the database (cache empty, expired, or off), by read.',
    labelNames: ['read'],
    registers: [registry],
  });
  return {
    enabled,
    registry,
    openStreams,
    streamsRefused,
    databaseErrors,
    readinessChanges,
    browseCacheHits,
    browseCacheMisses,
  };
}

/**
 * Times every answered request by its route pattern (never the raw URL, whose ids would make a
 * series per row), method and status class. The rate is the histogram's `_count`. Streams are not
 * timed: their "latency" is how long a tab stayed open (fanline_event_streams_open counts them).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  if (!metrics.enabled) return;
  const duration = new Histogram({
    name: 'fanline_http_request_duration_seconds',
    help: 'HTTP requests answered, by route pattern, method and status class; rate() of _count is the request rate.',
    labelNames: ['route', 'method', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.raw.getHeader('content-type')?.toString().startsWith('text/event-stream')) return;
    duration.observe(
      {
        // The SPA's pages and unknown paths are answered by the not-found handler: one series for all.
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}

/** Compares a presented bearer token with the configured one in constant time (lengths included). */
export function metricsTokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * The internal listener (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default): GET /metrics without a
 * token, nothing else. Whoever can reach the port may read the figures, so it stays off the public
 * interface unless the operator binds it elsewhere on purpose.
 */
export async function startMetricsListener(
  metrics: Metrics,
  options: { host: string; port: number; onError: (error: unknown) => void },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        options.onError(error);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
