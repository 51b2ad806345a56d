import { describe, expect, test } from 'vitest';
import { createTestApp, openProxiedTestDatabase, testDriver, useTestApp } from '../../testing';

const t = useTestApp();

test('health reports the database as up, with its driver, and the payment provider', async () => {
  for (const url of ['/api/health', '/api/health/ready']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up', driver: testDriver() },
      payments: { provider: 'local', status: 'up', problem: null },
    });
  }
});

test('health and liveness name the instance and the release that answered', async () => {
  for (const url of ['/api/health', '/api/health/ready', '/api/health/live']) {
    const body = (await t.app.inject({ method: 'GET', url })).json();
    expect(body, url).toMatchObject({
      instance: expect.stringMatching(/\S/),
      version: expect.stringMatching(/^\d+\.\d+/),
    });
  }
});

test('a draining instance answers readiness with 503 at once, liveness still 200', async () => {
  const draining = await createTestApp({ database: t.database });
  try {
    draining.app.drain.begin();
    for (const url of ['/api/health', '/api/health/ready']) {
      const response = await draining.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.json()).toMatchObject({ status: 'draining', database: { status: 'up' } });
      expect(response.headers.connection).toBe('close');
    }
    expect((await draining.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  } finally {
    await draining.app.close();
  }
});

test('liveness answers without touching the database', async () => {
  const unreachable = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
  const broken = await createTestApp({ database: unreachable });
  try {
    const live = await broken.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
  } finally {
    await broken.app.close();
  }
});

test('health reports 503 when the database is unreachable', async () => {
  // The same database, but every round trip fails, as when the server cannot reach it.
  const unreachable = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
  const broken = await createTestApp({ database: unreachable });
  try {
    for (const url of ['/api/health', '/api/health/ready']) {
      const response = await broken.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    }
  } finally {
    await broken.app.close();
  }
});

test('a production instance on the test checkout says payments collect no money', async () => {
  const demo = await createTestApp({
    env: { NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' },
    database: t.database,
  });
  try {
    const response = await demo.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      payments: { provider: 'local', status: 'down', problem: expect.stringContaining('ALLOW_TEST_PAYMENTS') },
    });
  } finally {
    await demo.app.close();
  }
});

describe.skipIf(testDriver() !== 'postgres')('the database goes away and comes back (PostgreSQL)', () => {
  test('readiness turns 503 while it is unreachable and 200 again without a restart', { timeout: 60_000 }, async () => {
    const { database, proxy } = await openProxiedTestDatabase(t.database);
    const app = await createTestApp({ database });
    try {
      const ready = () => app.app.inject({ method: 'GET', url: '/api/health/ready' });
      const browse = () => app.app.inject({ method: 'GET', url: '/api/creators' });
      expect((await ready()).statusCode).toBe(200);
      expect((await browse()).statusCode).toBe(200);

      await proxy.stop();
      const down = await ready();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ database: { status: 'down' } });
      expect((await app.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      // A page's API call fails with the generic error shape, not a hang or a crash.
      const failing = await browse();
      expect(failing.statusCode).toBeGreaterThanOrEqual(500);
      expect(failing.json()).toMatchObject({ error: { requestId: expect.any(String) } });

      await proxy.start();
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        status = (await ready()).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      expect((await browse()).statusCode).toBe(200);
    } finally {
      await app.app.close();
      await database.close();
      await proxy.close();
    }
  });
});
