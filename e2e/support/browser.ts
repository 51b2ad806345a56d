import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFailed, onTestFinished } from 'vitest';
import { ARGS, CHROMIUM_FULL } from './chromium';
import { server } from './server';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
export { ARGS, CHROMIUM, CHROMIUM_FULL } from './chromium';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 375, height: 812 };

export interface BrowserHarness {
  /** Absolute URL on the server under test. */
  url(pathname: string): string;
  /** A fresh context (own cookies and storage) and page; screenshotted if the current test fails. */
  page(viewport?: { width: number; height: number }): Promise<Page>;
  context(viewport?: { width: number; height: number }): Promise<BrowserContext>;
}

/**
 * Decision 0020: /, /creators and profiles arrive rendered, so their buttons are on screen before the
 * code that handles them has hydrated the page (links work either way). A journey's first click must
 * not land in that gap, so `goto` and `reload` return once the page's content is hydrated.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (!document.getElementById('fanline-state')) return true;
    const content = document.querySelector('main > *');
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    // Lazy sections (the landing's FAQ) hydrate when their chunk arrives, after the rest: every control
    // in the page's content must be live, or a click on an FAQ question is lost (a flaky CI run).
    return (
      content !== null &&
      hydrated(content) &&
      Array.from(document.querySelectorAll('main button, main a[href], main input')).every(hydrated)
    );
  });
}

function waitForHydrationOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForHydration(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForHydration(page);
    return response;
  };
}

/**
 * Opens `pathname` the way a click inside the app does, without a server-rendered page: for journeys
 * that answer the API in the browser with canned responses, to see the page's own loading and error states.
 */
export async function openInApp(page: Page, pathname: string): Promise<void> {
  await page.goto(new URL('/support', server().baseUrl).toString());
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
}

/**
 * Registers beforeAll/afterAll hooks that connect the file to its worker's Chromium (one per worker,
 * started by the global setup; each file's contexts are its own and closed after it) and returns the
 * harness. With `{ full: true }` the file launches Debian's full Chromium of its own instead of using
 * the worker's headless shell: for what only a browser has (a notification permission, installing).
 * `{ serviceWorker: true }` lets its pages register the service worker (the full browser's always do).
 */
export function setupBrowser({
  full = false,
  serviceWorker = full,
}: {
  full?: boolean;
  serviceWorker?: boolean;
} = {}): BrowserHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const { baseUrl, browserWsEndpoint } = server();

  beforeAll(async () => {
    browser = full
      ? await chromium.launch({ executablePath: CHROMIUM_FULL, args: ARGS, headless: true })
      : await chromium.connect(browserWsEndpoint);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    // A connected client's close() closes what it opened and disconnects: the worker's browser stays for
    // the next file. A file's own full Chromium is closed.
    await browser?.close();
  });

  const context = async (viewport = DESKTOP) => {
    if (!browser) throw new Error('browser not started: call setupBrowser() at the top of the file');
    // No service worker unless a file asks for it: it adds nothing most journeys see (it answers only when
    // a navigation fails, and shows pushes) and cost 4 % of their CPU, registered afresh in each of
    // several hundred contexts. The full browser's files (`pwa.e2e.ts`) keep it and test it, and so does
    // `server-render.e2e.ts`, which fails on any console message of a real page's load.
    const serviceWorkers = serviceWorker ? 'allow' : 'block';
    const ctx = await browser.newContext({ viewport, baseURL: baseUrl, serviceWorkers });
    sendOriginFromApiCalls(ctx, baseUrl);
    ctx.setDefaultTimeout(10_000);
    ctx.on('page', waitForHydrationOnGoto);
    contexts.push(ctx);
    describeOnFailure(ctx);
    closeWhenPassed(ctx);
    return ctx;
  };

  return {
    url: (pathname) => new URL(pathname, baseUrl).toString(),
    context,
    async page(viewport = DESKTOP) {
      const ctx = await context(viewport);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      onTestFailed(async ({ task }) => {
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        const name = task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => {});
        if (errors.length) fs.writeFileSync(path.join(ARTIFACTS, `${name}.errors.txt`), errors.join('\n'));
      });
      return page;
    },
  };
}

/**
 * A context a test opened is closed when the test passes, not at the end of the file: an open page
 * keeps running (its live stream re-reads on every event for its account, its timers tick, its
 * spinners paint), and a file's pages had stayed open until its last test. A failed test's contexts stay
 * open until the file ends, for describeOnFailure and the screenshot (which run after this). A context
 * opened in a hook belongs to the file and is closed with it.
 */
function closeWhenPassed(ctx: BrowserContext): void {
  try {
    onTestFinished(async ({ task }) => {
      if (task.result?.state !== 'fail') await ctx.close().catch(() => {});
    });
  } catch {
    // Opened in a hook, outside any test.
  }
}

/**
 * When the test that opened `ctx` fails, the log says where each of its pages was and what it showed:
 * a failure on a loaded CI machine is read from the log alone (its screenshots stay on that machine).
 */
function describeOnFailure(ctx: BrowserContext): void {
  try {
    onTestFailed(async () => {
      for (const page of ctx.pages()) {
        const text = await page
          .evaluate(() => document.body?.innerText ?? '')
          .catch((error: unknown) => `(unreadable: ${String(error)})`);
        const dialogs = await page
          .evaluate(() => Array.from(document.querySelectorAll('[role="dialog"]'), (d) => d.textContent ?? ''))
          .catch(() => []);
        console.error(
          `failed test's page ${page.url()}\n  dialogs open: ${dialogs.length ? dialogs.join(' | ') : 'none'}\n  text: ${text.replace(/\s+/g, ' ').slice(0, 1500)}`,
        );
      }
    });
  } catch {
    // A context opened in a hook, outside any test: there is no test to fail.
  }
}

/**
 * The page's own requests carry Origin as browsers do; `ctx.request` (API calls from the journeys,
 * the same object as `page.request`) sends none, and the server refuses a state-changing request
 * without Origin or Sec-Fetch-Site (security review N7). Its methods add the page's Origin unless a
 * call sets one. (Context-wide extraHTTPHeaders cannot do this: Chromium refuses page requests that
 * carry a Sec-Fetch-* header set by the page, and the app stays blank.)
 */
export function sendOriginFromApiCalls(ctx: BrowserContext, origin: string): void {
  const request = ctx.request;
  for (const method of ['fetch', 'post', 'put', 'patch', 'delete'] as const) {
    const original = request[method].bind(request) as (
      url: unknown,
      options?: { headers?: Record<string, string> },
    ) => Promise<unknown>;
    (request as unknown as Record<string, unknown>)[method] = (
      url: unknown,
      options: { headers?: Record<string, string> } = {},
    ) => original(url, { ...options, headers: { origin, ...options.headers } });
  }
}
