// runs-long: 40 s (a compiled server drained on SIGTERM, on each driver)
// not-quick: starts and drains the compiled server
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from './platform/db';
import { compiledEntry, contiguousFreePorts, openTestDatabase, testDatabaseUrl, testDriver } from './testing';

// driver-sensitive: a draining server must close the embedded database cleanly as well as a PostgreSQL pool (vitest.config.ts).

// The graceful stop of a rolling deploy (issue 27 point 4, decision 0033), on the real server process
// (server.ts) as a supervisor runs it: SIGTERM turns readiness to 503 at once, tells the open event
// stream to reconnect and ends it, lets the request under way finish, and exits 0 within the grace
// period; work that outlives SHUTDOWN_GRACE_MS is cut off with exit 1.

let database: Database | undefined;
let databaseUrl = '';

beforeAll(async () => {
  if (testDriver() === 'postgres') {
    // The file's own database (cloned from the migrated template); the child opens its own pool.
    database = await openTestDatabase();
    databaseUrl = await testDatabaseUrl(database);
  }
});
afterAll(async () => {
  await database?.close();
});

interface Child {
  process: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Child> {
  const port = await contiguousFreePorts(1);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-drain-'));
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
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      INSTANCE_ID: 'drain-test-1',
      ...env,
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    const ready = await fetch(`${baseUrl}/api/health/ready`).catch(() => null);
    if (ready?.ok) break;
    await sleep(200);
  }
  return { process: child, baseUrl, output: () => output, exited };
}

async function signUp(baseUrl: string): Promise<string> {
  const id = Math.random().toString(36).slice(2, 10);
  const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `drain-${id}@example.com`,
      password: 'drain-password-1',
      displayName: 'Drain',
      username: `drain_${id}`,
    }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/**
 * A request under way: its headers and half its body are sent now, the rest when `finish` is called.
 * Resolves with the status and body once the server answers.
 */
function slowSignUp(baseUrl: string) {
  const id = Math.random().toString(36).slice(2, 10);
  const body = JSON.stringify({
    email: `slow-${id}@example.com`,
    password: 'drain-password-1',
    displayName: 'Slow',
    username: `slow_${id}`,
  });
  const request = http.request(`${baseUrl}/api/auth/sign-up`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: baseUrl },
  });
  const answer = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }),
      );
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}

/** Reads an event stream to its end and returns everything the server wrote. */
async function openStream(baseUrl: string, cookie: string): Promise<{ opened: Promise<void>; text: Promise<string> }> {
  const response = await fetch(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' } });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  let markOpened = () => {};
  const opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
  const all = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
      if (text.includes(': connected')) markOpened();
    }
  })();
  return { opened, text: all };
}

test('SIGTERM drains: readiness 503 at once, the stream told to reconnect, in-flight work finished, exit 0', {
  timeout: 120_000,
}, async () => {
  const server = await startServer({ SHUTDOWN_GRACE_MS: '8000', SHUTDOWN_DELAY_MS: '1500' });
  try {
    const health = await (await fetch(`${server.baseUrl}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', instance: 'drain-test-1', version: expect.any(String) });

    const cookie = await signUp(server.baseUrl);
    const stream = await openStream(server.baseUrl, cookie);
    await stream.opened;
    const inFlight = slowSignUp(server.baseUrl);
    await sleep(200);

    const signalled = Date.now();
    server.process.kill('SIGTERM');

    // Readiness turns at once (the listener stays open SHUTDOWN_DELAY_MS for balancers polling it).
    let ready: Response | null = null;
    for (let attempt = 0; attempt < 20; attempt++) {
      ready = await fetch(`${server.baseUrl}/api/health/ready`);
      if (ready.status === 503) break;
      await sleep(25);
    }
    expect(ready?.status).toBe(503);
    expect(await ready?.json()).toMatchObject({ status: 'draining', instance: 'drain-test-1' });
    expect(Date.now() - signalled).toBeLessThan(1000);
    // Liveness stays 200: the process is healthy, only leaving.
    expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);

    // The stream ended with a short reconnect hint, so the browser's EventSource reconnects elsewhere.
    const text = await stream.text;
    expect(text).toMatch(/: connected[\s\S]*retry: \d+\n: instance draining, reconnect/);
    const retry = Number(/retry: (\d+)\n: instance draining/.exec(text)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(500);
    expect(retry).toBeLessThanOrEqual(1500);

    // The request under way completes after the signal, and its connection closes.
    await sleep(300);
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer.status, answer.body).toBeLessThan(300);
    expect(answer.connection).toBe('close');

    const code = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(8000);
    // Once the delay is over the port takes no new connections.
    await expect(fetch(`${server.baseUrl}/api/health/live`)).rejects.toThrow();
  } finally {
    server.process.kill('SIGKILL');
  }
});

test('work that outlives SHUTDOWN_GRACE_MS is cut off: exit 1 at the deadline', { timeout: 120_000 }, async () => {
  const server = await startServer({ SHUTDOWN_GRACE_MS: '1000' });
  try {
    // A request whose body never finishes keeps its connection busy past the deadline.
    const stuck = slowSignUp(server.baseUrl);
    stuck.answer.catch(() => {});
    await sleep(200);
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    const code = await server.exited;
    const took = Date.now() - signalled;
    expect(code, server.output()).toBe(1);
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
    expect(server.output()).toContain('SHUTDOWN_GRACE_MS');
  } finally {
    server.process.kill('SIGKILL');
  }
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
