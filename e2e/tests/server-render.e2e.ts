// runs-long: 55 s (4 journeys)
import type { TBrowseResponse } from '@fanline/contracts';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_FAN, signInByApi } from '../support/auth';
import { MOBILE, setupBrowser } from '../support/browser';
import { server } from '../support/server';

// With the service worker, as a visitor's browser registers it: its registration must not warn either.
const browser = setupBrowser({ serviceWorker: true });

// Decision 0020: /, /creators and profiles arrive as HTML with their content, and the browser
// hydrates that HTML instead of rendering the page again. Both hosts, since the app is opened at either.
const HOSTS = ['127.0.0.1', 'localhost'];
const port = new URL(server().baseUrl).port;

/** Marks the element React rendered at the top of #root before any script ran. */
const MARK_SERVER_ROOT = `document.addEventListener('readystatechange', () => {
  if (document.readyState === 'interactive') window.__serverRoot = document.getElementById('root')?.firstElementChild ?? null;
});`;

async function firstBrowseName(context: BrowserContext, origin: string): Promise<string> {
  const response = await context.request.get(`${origin}/api/creators`);
  const body = (await response.json()) as TBrowseResponse;
  const first = body.creators[0];
  if (!first) throw new Error('the demo data has no creators to browse');
  return first.displayName || first.username;
}

describe.each(HOSTS)('server-rendered public pages at %s', (host) => {
  const origin = `http://${host}:${port}`;

  for (const signedIn of [false, true]) {
    test(`${signedIn ? 'signed in' : 'signed out'}: the HTML has the content and hydrates without an error`, async () => {
      const context = await browser.context(MOBILE);
      if (signedIn) await signInByApi(context, origin);
      await context.addInitScript(MARK_SERVER_ROOT);
      const pages = [
        { path: '/', heading: 'Direct Messages That Pay', name: 'Maya Chen' },
        { path: '/creators', heading: 'Discover Creators', name: await firstBrowseName(context, origin) },
        { path: '/mayastyle', heading: /Maya Chen/, name: 'Maya Chen' },
      ];
      for (const { path, heading, name } of pages) {
        // What the server sent, before any script ran: the page's content and the visitor's header.
        const response = await context.request.get(`${origin}${path}`);
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        expect(html, path).toContain(name);
        expect(html, path).toContain('id="fanline-state"');
        if (signedIn) expect(html, path).toContain(DEMO_FAN.email);
        else expect(html, path).toContain('Join as Creator');
        // One inline executable script only: the one that holds clicks made before hydration, which the
        // CSP allows by its hash (early-clicks.e2e.ts checks the policy); the CSP refuses any other.
        expect(html.match(/<script(?![^>]*(?:type="application\/json"|src=))[^>]*>/g) ?? [], path).toEqual([
          '<script>',
        ]);

        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(String(error)));
        await page.goto(`${origin}${path}`);
        const h1 = page.getByRole('heading', { level: 1, name: heading });
        await h1.waitFor();
        // Hydrated: React has attached to the heading the server sent...
        await page.waitForFunction(() => {
          const element = document.querySelector('main h1');
          return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
        });
        await page.waitForLoadState('networkidle');
        // ...and kept the server's nodes: after a mismatch React renders the root again from scratch.
        const kept = await page.evaluate(
          () =>
            (window as unknown as { __serverRoot?: Element | null }).__serverRoot ===
            document.getElementById('root')?.firstElementChild,
        );
        expect(problems, path).toEqual([]);
        expect(kept, `${path}: the server's HTML was kept`).toBe(true);
        // The hydrated header works: the mobile menu opens.
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
        await page.close();
      }
    });
  }
});

describe('the landing page under the hero', () => {
  test('its lazy sections arrive in the HTML and hydrate in place once their chunk is in', async () => {
    const context = await browser.context();
    // The featured-creators heading the server sent, before any script ran.
    await context.addInitScript(`document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') window.__serverFeatured = document.getElementById('featured-heading');
    });`);
    const html = await (await context.request.get(browser.url('/'))).text();
    expect(html).toContain('id="featured-heading"');
    expect(html).toContain('Still have questions?');

    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(browser.url('/'));
    // Hydrated once the sections' chunk arrived...
    await page.waitForFunction(() => {
      const element = document.getElementById('featured-heading');
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    });
    await page.waitForLoadState('networkidle');
    // ...on the very node the server sent: nothing was replaced or rendered twice.
    const kept = await page.evaluate(
      () =>
        (window as unknown as { __serverFeatured?: Element | null }).__serverFeatured ===
        document.getElementById('featured-heading'),
    );
    expect(problems).toEqual([]);
    expect(kept).toBe(true);
    expect(await page.locator('#featured-heading').count()).toBe(1);
  });
});

describe('server-rendered pages: what is not rendered', () => {
  test('a profile that does not exist answers 404 with the app, which shows its not-found state', async () => {
    const context = await browser.context();
    const response = await context.request.get(browser.url('/no_such_creator_e2e'));
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('<div id="root"></div>');
    const page = await context.newPage();
    await page.goto(browser.url('/no_such_creator_e2e'));
    await page.getByText('Creator profile "no_such_creator_e2e" not found').waitFor();
  });

  test('a user-written query string cannot close the page-state script', async () => {
    const context = await browser.context();
    const html = await (await context.request.get(browser.url('/creators?search=%3C/script%3E%3Cb%3Ex'))).text();
    const state = html.split('id="fanline-state">')[1]?.split('</script>')[0] ?? '';
    expect(state).toContain('\\u003c/script>');
    expect(html).not.toContain('<b>x');
  });
});
