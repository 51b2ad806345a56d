import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, onTestFailed } from 'vitest';
import { server } from './server';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Flags this machine kind needs (env notes): no sandbox as root, and no background networking,
// whose connections the closed network refuses.
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

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

/** Registers beforeAll/afterAll hooks for one Chromium per test file and returns the harness. */
export function setupBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const { baseUrl } = server();

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await browser?.close();
  });

  const context = async (viewport = DESKTOP) => {
    if (!browser) throw new Error('browser not started: call setupBrowser() at the top of the file');
    const ctx = await browser.newContext({ viewport, baseURL: baseUrl });
    sendOriginFromApiCalls(ctx, baseUrl);
    ctx.setDefaultTimeout(10_000);
    ctx.on('page', waitForHydrationOnGoto);
    contexts.push(ctx);
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
