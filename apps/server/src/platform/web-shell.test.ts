import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadWebShell } from './web-shell';

// A web build in miniature: index.html as Vite writes it and a manifest with the landing's chunk.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-shell-'));
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <title>Fanline: Direct Messages That Pay</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
);
fs.writeFileSync(
  path.join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-a.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-b.js' },
    'src/features/landing/landing-page.tsx': { file: 'assets/landing-c.js', imports: ['_react.js'] },
  }),
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('web shell with server-rendered content (decision 0020)', () => {
  const shell = loadWebShell(dist);
  const state = '<script type="application/json" id="fanline-state">{}</script>';

  test('puts the HTML inside #root and the state right after it', () => {
    const page = shell.page('/', { html: '<main>Hello</main>', stateScript: state });
    expect(page).toContain(`<div id="root"><main>Hello</main></div>${state}`);
    expect(page).toContain('<title>Fanline: Direct Messages That Pay</title>');
  });

  test("moves the page's own title into the head in place of the default one", () => {
    const page = shell.page('/maya', {
      html: '<title>Maya (@maya) · Fanline</title><main>Maya</main>',
      stateScript: state,
    });
    const head = page.split('</head>')[0] ?? '';
    expect(head).toContain('<title>Maya (@maya) · Fanline</title>');
    expect(page).not.toContain('Direct Messages That Pay');
    expect(page).toContain('<div id="root"><main>Maya</main></div>');
  });

  test('loads the code at low priority on a rendered page, not on the plain shell', () => {
    const page = shell.page('/', { html: '<main>Hello</main>', stateScript: state });
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/landing-c.js">');
    expect(page).not.toMatch(/<(?:script type="module"|link rel="modulepreload") (?!fetchpriority)/);
    expect(shell.html('/')).not.toContain('fetchpriority');
    expect(shell.html('/')).toContain('<div id="root"></div>');
  });

  test('a `$` in the content is kept as written (no replacement patterns)', () => {
    const page = shell.page('/', { html: "<p>$25 $& $'</p>", stateScript: state });
    expect(page).toContain('<div id="root"><p>$25 $& $\'</p></div>');
  });
});
