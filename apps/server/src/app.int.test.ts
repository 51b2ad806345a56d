import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp, useTestApp } from './testing';

// driver-sensitive: the smoke test of the whole app, on each driver the product ships with (vitest.config.ts).

const t = useTestApp();
beforeAll(async () => {
  // A route that fails unexpectedly, to see what a client is told.
  t.app.get('/api/test-explode', async () => {
    throw new Error('secret internal detail');
  });
});

describe('HTTP surface', () => {
  test('every response carries security headers and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  test('an unknown /api path is a JSON 404, rate limited', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', remoteAddress: '10.9.8.7' });
    expect(first.statusCode).toBe(404);
    expect(first.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    let last = first;
    for (let i = 0; i < 60; i++) {
      last = await t.app.inject({ method: 'GET', url: `/api/probe-${i}`, remoteAddress: '10.9.8.7' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Another client is not affected.
    const other = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', remoteAddress: '10.9.8.8' });
    expect(other.statusCode).toBe(404);
  });

  test('an unexpected error is logged with the request id and answered with a generic message', async () => {
    const logged = vi.spyOn(t.app.log, 'error');
    const response = await t.app.inject({ method: 'GET', url: '/api/test-explode' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.error.message).toBe('An unexpected error occurred. Please try again.');
    expect(body.error.requestId).toBe(response.headers['x-request-id']);
    expect(response.body).not.toContain('secret internal detail');
    expect(logged).toHaveBeenCalled();
  });

  test('a mutation from a foreign Origin is refused; same-origin and server-to-server pass', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(same.statusCode).toBe(404);
    const none = await t.app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(none.statusCode).toBe(404);
  });

  test('the OpenAPI document lists the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/creators/featured',
        '/api/creators/quick-search',
        '/api/categories',
      ]),
    );
  });
});

describe('serving the web app', () => {
  let web: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(t.config.dataDir, 'dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    web = await createTestApp({ database: t.database, env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await web.close();
  });

  test('client routes fall back to index.html, never cached', async () => {
    for (const url of ['/', '/creators?search=abc', '/dashboard/messages/123', '/some-creator']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
    const page = await web.app.inject({ method: 'GET', url: '/creators' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  test('hashed assets are cached for a year; /api stays JSON', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await web.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
  });
});

test('a public page preloads its route chunk; assets go out precompressed', async () => {
  const dist = fs.mkdtempSync(path.join(t.config.dataDir, 'shell-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><head><script type="module" src="/assets/index-1.js"></script></head><div id="root"></div>',
  );
  fs.writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js' },
      'src/features/landing/landing-page.tsx': { file: 'assets/landing-1.js', imports: ['_icons.js', 'index.html'] },
      '_icons.js': { file: 'assets/icons-1.js' },
      'src/app/routes/creator-profile.tsx': { file: 'assets/profile-1.js' },
    }),
  );
  const js = 'console.log("a hashed asset");';
  fs.writeFileSync(path.join(dist, 'assets/index-1.js'), js);
  fs.writeFileSync(path.join(dist, 'assets/index-1.js.br'), zlib.brotliCompressSync(js));
  const web = await createTestApp({ database: t.database, env: { WEB_DIST_DIR: dist } });
  try {
    const landing = await web.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-1.js">');
    expect(landing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/icons-1.js">');
    expect(landing.body).not.toContain('modulepreload" crossorigin href="/assets/index-1.js"');
    const profile = await web.app.inject({ method: 'GET', url: '/some_creator' });
    expect(profile.body).toContain('href="/assets/profile-1.js"');
    const login = await web.app.inject({ method: 'GET', url: '/login' });
    expect(login.body).not.toContain('modulepreload');
    const asset = await web.app.inject({
      method: 'GET',
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(js);
  } finally {
    await web.app.close();
  }
});

test('pages may open popups that report back; the OAuth callback page keeps its opener', async () => {
  const dist = fs.mkdtempSync(path.join(t.config.dataDir, 'coop-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const web = await createTestApp({ database: t.database, env: { WEB_DIST_DIR: dist } });
  try {
    const page = await web.app.inject({ method: 'GET', url: '/signup' });
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const callback = await web.app.inject({ method: 'GET', url: '/auth/threads/callback?code=x&state=y' });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
  } finally {
    await web.app.close();
  }
});
