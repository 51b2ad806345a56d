import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../testing';
import { ManualClock } from './clock';
import type { Config } from './config';
import type { Database } from './db';

// The server-side renderer answers its API calls in-process (platform/page-render.ts). With PUBLIC_URL
// set, every request must name PUBLIC_URL's host or is answered 421 (decision 0044), and the render's
// calls are requests too: made without a Host, each got 421, so in production every page fell back to
// the empty shell (found by the release test, 1 December). The renderer here is a stand-in for the web
// build's (dist-ssr/entry-server.js) that shows what its one API call was answered.
let root: string;
let app: FastifyInstance;
let database: Database;
let config: Config;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'fanline-render-'));
  const web = path.join(root, 'dist');
  fs.mkdirSync(web);
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>Fanline</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(root, 'dist-ssr/entry-server.js'),
    `let call;
export function setApiTransport(transport) { call = transport; }
export async function renderPage(url) {
  const answer = await call('/api/auth/session', {});
  return { kind: 'page', html: '<p>session answered ' + answer.status + '</p>', stateScript: '' };
}
`,
  );
  // Built here, not with useTestApp, whose app.inject names PUBLIC_URL's host on every call (the
  // renderer's own included), and with a public host other than inject's default (localhost): each of
  // the two hid the 421 from the tests.
  database = await openTestDatabase();
  config = testConfig({ WEB_DIST_DIR: web, PUBLIC_URL: 'https://fanline.example.com' });
  app = await buildApp({ config, database, clock: new ManualClock(), logger: { level: 'silent' } });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(config?.dataDir ?? '', { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
});

test('with PUBLIC_URL set, a page rendered on the server gets its API answers (not 421)', async () => {
  expect(config.strictHost).toBe(true);
  const host = new URL(config.publicUrl).host;
  const page = await app.inject({ method: 'GET', url: '/creators', headers: { host } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<div id="root"><p>session answered 200</p></div>');
  // A Host that is not PUBLIC_URL's is still refused before anything is rendered.
  const elsewhere = await app.inject({ method: 'GET', url: '/creators', headers: { host: 'evil.example' } });
  expect(elsewhere.statusCode).toBe(421);
});
