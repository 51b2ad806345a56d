import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../testing';

// Security review F5: page views (the SPA fallback and the SSR pages) shared the 60-a-minute limit of
// unknown API paths, so the 61st page from one office got a raw JSON 429. Pages now have their own
// limit, unknown /api paths keep theirs, and a limited page is answered in HTML.
let dist: string;
const t = useTestApp(() => {
  dist = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'fanline-pages-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  return { env: { WEB_DIST_DIR: dist, PAGE_VIEW_LIMIT: String(PAGE_VIEWS) } };
});
beforeAll(() => {
  expect(fs.existsSync(path.join(t.config.webDistDir, 'index.html'))).toBe(true);
});
afterAll(() => {
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Lower than the default 600 so the test stays quick on PostgreSQL; still well above the API misses' 60. */
const PAGE_VIEWS = 150;
const view = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

describe('page views have their own limit (security review F5)', () => {
  test('the 61st page view from one address is still a page; unknown API paths stop at 60', async () => {
    const office = '10.55.0.1';
    for (let i = 0; i < 61; i++) {
      const response = await view(i % 2 ? '/login' : '/creators', office);
      expect(response.statusCode, `view ${i + 1}`).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
    // Page views do not spend the API misses' budget, nor the other way round.
    const probes: number[] = [];
    for (let i = 0; i < 61; i++) probes.push((await view(`/api/probe-${i}`, office)).statusCode);
    expect(probes.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(probes[60]).toBe(429);
    expect((await view('/', office)).statusCode).toBe(200);
  });

  test(`past PAGE_VIEW_LIMIT (${PAGE_VIEWS}) a minute a page view gets an HTML page that says to wait, with Retry-After`, async () => {
    const busy = '10.55.0.2';
    for (let i = 0; i < PAGE_VIEWS; i++) {
      const response = await view('/login', busy);
      if (response.statusCode !== 200) throw new Error(`view ${i + 1} answered ${response.statusCode}`);
    }
    const limited = await view('/mayastyle', busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body).toContain('Too many requests');
    expect(limited.body).not.toContain('"error"');
    // Another address still browses.
    expect((await view('/login', '10.55.0.3')).statusCode).toBe(200);
  });
});
