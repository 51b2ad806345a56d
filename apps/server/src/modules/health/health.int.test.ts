import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp, testDriver } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('health reports the database as up, with its driver', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'up', driver: testDriver() } });
});

test('health reports 503 when the database is unreachable', async () => {
  // The same database, but every round trip fails, as when the server cannot reach it.
  const unreachable = { ...t.database, ping: () => Promise.reject(new Error('connection refused')) };
  const broken = await createTestApp({ database: unreachable });
  try {
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
  } finally {
    await broken.app.close();
  }
});
