import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { outbox } from './db/schema';
import { type Database, openDatabase } from './platform/db';
import {
  compiledEntry,
  contiguousFreePorts,
  createCreator,
  createUser,
  openTestDatabase,
  TEST_PASSWORD,
  testDatabaseUrl,
  testDriver,
} from './testing';

// driver-sensitive: the SQL spans come from the pg instrumentation on PostgreSQL and from the PGlite wrapper on the embedded database.

// Issue 40 point 2 (decision 0061): with OTEL_EXPORTER_OTLP_ENDPOINT set, the compiled server (as
// production runs it: one bundle, packages imported before any code of ours) sends one trace per paid
// message, from the HTTP request through its SQL to the outbox effects it wrote, and its log lines
// carry the trace id. A child process, since OpenTelemetry registers itself once per process.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}
interface ExportedSpan extends OtlpSpan {
  scope: string;
}

const received: ExportedSpan[] = [];
let receiver: http.Server;
let receiverUrl = '';
let database: Database | undefined;
let databaseUrl = '';
let dataDir = '';
let fan: { id: string; email: string | null };
let creator: { id: string; email: string | null };

/** A local OTLP/HTTP receiver (JSON): keeps every span it is sent. */
function startReceiver(): Promise<void> {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type']?.startsWith('application/json')) {
        const exported = JSON.parse(body) as {
          resourceSpans: Array<{ scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }> }>;
        };
        for (const resource of exported.resourceSpans)
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans) received.push({ ...span, scope: scope.scope.name });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } else response.writeHead(415).end();
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  await startReceiver();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-tracing-'));
  if (testDriver() === 'postgres') {
    database = await openTestDatabase();
    databaseUrl = await testDatabaseUrl(database);
  } else {
    // The child's own embedded database, made here first (from the migrated snapshot) so its accounts
    // exist; closed before the child opens it.
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshotPath'))]);
    database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), snapshot });
  }
  fan = await createUser(database.db);
  creator = await createCreator(database.db);
  if (testDriver() === 'pglite') {
    await database.close();
    database = undefined;
  }
});
afterAll(async () => {
  await database?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const port = await contiguousFreePorts(1);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', await compiledEntry('server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/api/health/ready`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, output: () => output };
}

test('a paid message is one trace from its HTTP request through its SQL to its outbox effects', async () => {
  const { child, baseUrl, output } = await startServer();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const post = (url: string, body: unknown, cookie = '') =>
      fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
        body: JSON.stringify(body),
      });
    const signIn = await post('/api/auth/sign-in', { email: fan.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const checkout = await post(
      '/api/checkout',
      { recipientId: creator.id, messageContent: 'Traced, I hope.' },
      cookie,
    );
    expect(checkout.status).toBe(200);
    const paymentId = ((await checkout.json()) as { url: string }).url.split('/').pop() ?? '';
    const paid = await post(
      `/api/checkout/local/${paymentId}/pay`,
      { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Test Fan' },
      cookie,
    );
    expect(paid.status).toBe(200);
  } finally {
    // The graceful stop sends the spans still buffered before the process ends.
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);

  // The HTTP server span, named by the route Fastify matched.
  const payRequest = received.find(
    (span) => span.kind === 2 && span.name === 'POST /api/checkout/local/:paymentId/pay',
  );
  expect(
    payRequest,
    `no server span for the pay request among ${received.map((s) => s.name).join(', ')}`,
  ).toBeDefined();
  const trace = received.filter((span) => span.traceId === payRequest?.traceId);
  const scopes = new Set(trace.map((span) => span.scope));
  // The HTTP request, Fastify's spans inside it, its SQL, and the effects the paid message wrote.
  expect(scopes).toContain('@opentelemetry/instrumentation-http');
  expect(scopes).toContain('@fastify/otel');
  const sqlSpans = trace.filter((span) =>
    testDriver() === 'postgres' ? span.scope === '@opentelemetry/instrumentation-pg' : span.name.startsWith('pglite '),
  );
  expect(sqlSpans.length).toBeGreaterThan(0);
  const effects = trace.filter((span) => span.name.startsWith('outbox ')).map((span) => span.name);
  expect(effects).toEqual(expect.arrayContaining(['outbox auto-flag', 'outbox mail-new-message']));
  // Each effect is the child of a span of the request: the one active when its row was written.
  const ids = new Set(trace.map((span) => span.spanId));
  for (const span of trace.filter((s) => s.name.startsWith('outbox '))) expect(ids).toContain(span.parentSpanId);
  // The readiness polls are no traces of their own.
  expect(received.some((span) => span.name.includes('/api/health'))).toBe(false);

  // The rows carry the context they were written in, for a later run on any instance to join the trace.
  const stored = database ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }));
  try {
    const rows = await stored.db.select({ kind: outbox.kind, traceContext: outbox.traceContext }).from(outbox);
    const written = rows.filter((row) => row.traceContext?.includes(payRequest?.traceId ?? '-'));
    expect(written.map((row) => row.kind)).toEqual(expect.arrayContaining(['auto-flag', 'mail-new-message']));
  } finally {
    if (stored !== database) await stored.close();
  }

  // Its log lines carry the trace id.
  const lines = output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { trace_id?: string; span_id?: string; msg?: string; req?: { url?: string } });
  const logged = lines.filter((line) => line.trace_id === payRequest?.traceId);
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.every((line) => /^[0-9a-f]{16}$/.test(line.span_id ?? ''))).toBe(true);
});

test('the bundle imports no OpenTelemetry module up front: with no endpoint, none is loaded', async () => {
  const bundle = fs.readFileSync(await compiledEntry('server.ts'), 'utf8');
  // esbuild hoists static imports of packages to the bundle's top; the SDK's are dynamic, in tracing-sdk.ts.
  expect(bundle).not.toMatch(/^import\b[^;]*from\s*["'](@opentelemetry\/|@fastify\/otel)/m);
  expect(bundle).toMatch(/import\(["']@opentelemetry\/sdk-trace-node["']\)/);
});
