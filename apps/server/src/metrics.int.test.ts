import { describe, expect, test } from 'vitest';
import { outbox } from './db/schema';
import { recordBackupRun } from './modules/health';
import { MAX_STREAMS_PER_USER } from './modules/realtime';
import { startMetricsListener } from './platform/metrics';
import { connectSse, createTestApp, createUser, signIn, useTestApp } from './testing';

// Prometheus metrics (issue 27 point 5, decision 0033): reachable only with the token or on the
// internal listener, off (404) otherwise, and the figures move with what happens.

const TOKEN = 'metrics-test-token-0123456789';
const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

const scrape = async (authorization = `Bearer ${TOKEN}`) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });

/** The app's address, listening on a free port the first time it is asked. */
async function listening(): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return t.app.listen({ host: '127.0.0.1', port: 0 });
}

/** The value of one series (`name{labels}`) in a Prometheus text answer; undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may read /metrics', () => {
  test('without the token, or with a wrong one, the answer is 401 and says nothing', async () => {
    for (const authorization of ['', 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.body).not.toContain('fanline_');
    }
  });

  test('with neither METRICS_TOKEN nor METRICS_PORT, /metrics does not exist', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const response = await plain.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(plain.app.metrics.enabled).toBe(false);
    } finally {
      await plain.app.close();
    }
  });

  test('the internal listener serves /metrics without a token, on 127.0.0.1, and nothing else', async () => {
    const listener = await startMetricsListener(t.app.metrics, { host: '127.0.0.1', port: 0, onError: () => {} });
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const response = await fetch(listener.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      expect(await response.text()).toContain('fanline_instance_info');
      expect((await fetch(listener.url.replace('/metrics', '/api/health'))).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('the figures', () => {
  test('a request counts under its route pattern, method and status class', async () => {
    const series =
      'fanline_http_request_duration_seconds_count{route="/api/health/live",method="GET",status_class="2xx"}';
    const before = value((await scrape()).body, series) ?? 0;
    await t.get('/api/health/live');
    await t.get('/api/health/live');
    const after = (await scrape()).body;
    expect(value(after, series)).toBe(before + 2);
    // Unknown paths share one series instead of one per URL.
    await t.get('/api/no-such-route/123');
    expect((await scrape()).body).toContain('route="unmatched",method="GET",status_class="4xx"');
  });

  test('a due outbox row shows as lag; none due is 0', async () => {
    const now = t.clock.now();
    const idle = (await scrape()).body;
    expect(value(idle, 'fanline_outbox_lag_seconds')).toBe(0);

    const key = `metrics-test-${now.getTime()}`;
    await t.database.db.insert(outbox).values({
      kind: 'metrics-test',
      key,
      payload: {},
      runAt: new Date(now.getTime() - 90_000),
      createdAt: new Date(now.getTime() - 90_000),
      // Leased far ahead, so the app's own runs leave it pending while the test looks.
      lockedUntil: new Date(now.getTime() + 3_600_000),
    });
    const text = (await scrape()).body;
    expect(value(text, 'fanline_outbox_lag_seconds')).toBeGreaterThanOrEqual(90);
    expect(value(text, 'fanline_outbox_effects{state="due"}')).toBeGreaterThanOrEqual(1);
  });

  test('an open event stream counts while it is open', async () => {
    const baseUrl = await listening();
    const user = await createUser(t.database.db);
    const stream = await connectSse(baseUrl, await signIn(t.app, user.email ?? ''));
    try {
      expect(value((await scrape()).body, 'fanline_event_streams_open')).toBe(1);
    } finally {
      stream.close();
    }
    for (let attempt = 0; attempt < 50; attempt++) {
      if (value((await scrape()).body, 'fanline_event_streams_open') === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(value((await scrape()).body, 'fanline_event_streams_open')).toBe(0);
  });

  test('a stream over the per-user cap is refused and counted, by the gate that refused it (issue 40)', async () => {
    const baseUrl = await listening();
    const user = await createUser(t.database.db);
    const cookie = await signIn(t.app, user.email ?? '');
    const series = 'fanline_event_streams_refused_total{gate="instance"}';
    const before = value((await scrape()).body, series) ?? 0;
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await connectSse(baseUrl, cookie));
      const refused = await fetch(`${baseUrl}/api/events`, { headers: { cookie } });
      expect(refused.status).toBe(429);
      await refused.body?.cancel();
      expect(value((await scrape()).body, series)).toBe(before + 1);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  test('payments by state, pool use, open streams, instance and process figures are there', async () => {
    const text = (await scrape()).body;
    for (const state of ['pending', 'authorized', 'succeeded', 'canceled', 'refunded', 'failed']) {
      expect(value(text, `fanline_payments{state="${state}"}`), state).toBeGreaterThanOrEqual(0);
    }
    expect(value(text, 'fanline_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'fanline_db_pool_connections{state="waiting"}')).toBe(0);
    // The instance hears the others: its LISTEN connection is up (issue 40).
    expect(value(text, 'fanline_event_bus_connected{bus="pg"}')).toBe(1);
    expect(value(text, 'fanline_job_lag_seconds{job="expire-messages"}')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/fanline_instance_info\{instance="[^"]+",version="[^"]+",commit="[^"]+"\} 1/);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  test('the newest successful backup shows its time; none recorded is 0 (issue 40)', async () => {
    expect(value((await scrape()).body, 'fanline_backup_last_success_timestamp_seconds')).toBe(0);
    const finishedAt = new Date('2026-11-27T03:10:00Z');
    await recordBackupRun(t.database.db, {
      kind: 'full',
      tool: 'pgbackrest',
      label: '20261127-030000F',
      startedAt: new Date('2026-11-27T03:00:00Z'),
      finishedAt,
      succeeded: true,
    });
    // A later failed run and a drill do not count as a backup.
    for (const kind of ['diff', 'drill'] as const) {
      await recordBackupRun(t.database.db, {
        kind,
        tool: 'pgbackrest',
        startedAt: new Date('2026-11-28T03:00:00Z'),
        finishedAt: new Date('2026-11-28T03:05:00Z'),
        succeeded: kind === 'drill',
        detail: kind === 'diff' ? 'repo1: unable to write' : null,
      });
    }
    expect(value((await scrape()).body, 'fanline_backup_last_success_timestamp_seconds')).toBe(
      finishedAt.getTime() / 1000,
    );
  });

  test('a readiness answer that changes is counted, and so is the database failure behind it (issue 40)', async () => {
    let reachable = true;
    const flaky = {
      ...t.database,
      ping: () => (reachable ? t.database.ping() : Promise.reject(new Error('connection refused'))),
    };
    const other = await createTestApp({ database: flaky, env: { METRICS_TOKEN: TOKEN } });
    try {
      const ready = async () => (await other.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode;
      expect(await ready()).toBe(200);
      expect(await ready()).toBe(200);
      reachable = false;
      expect(await ready()).toBe(503);
      expect(await ready()).toBe(503);
      reachable = true;
      expect(await ready()).toBe(200);
      const text = (
        await other.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
      ).body;
      expect(value(text, 'fanline_readiness_changes_total{to="not_ready"}')).toBe(1);
      expect(value(text, 'fanline_readiness_changes_total{to="ready"}')).toBe(1);
      expect(value(text, 'fanline_database_errors_total{class="connection"}')).toBe(2);
    } finally {
      await other.app.close();
    }
  });
});
