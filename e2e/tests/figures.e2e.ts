import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_FAN, signInByApi } from '../support/auth';
import { MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

/**
 * Issue 25 §2 "Nothing made up": every number in the main content of a page must be one the page's own
 * API answers hold (which the integration tests check against the database: landing counts, ledger
 * sums, billing summary). An invented literal ("127 creators online now", "+12.5% from last month",
 * "Visa ending in 4242") is in no answer, so it fails here.
 */

/** Every number in a JSON answer, and the forms the screens print them in (cents as dollars, one decimal). */
function numbersIn(value: unknown, into: Set<number>): void {
  if (typeof value === 'number') {
    into.add(value);
    into.add(value / 100);
    into.add(Math.round(value * 10) / 10);
    into.add(Math.round(value / 100));
  } else if (typeof value === 'string') {
    if (/^-?\d+(\.\d+)?$/.test(value)) numbersIn(Number(value), into);
  } else if (Array.isArray(value)) {
    for (const item of value) numbersIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) numbersIn(item, into);
    // A paged admin list (decision 0028) shows "Page 1 of 4": the page count follows from its answer.
    const { total, limit } = value as { total?: unknown; limit?: unknown };
    if (typeof total === 'number' && typeof limit === 'number' && limit > 0) into.add(Math.ceil(total / limit));
  }
}

const MONTHS =
  'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December';

/** The figures a person reads in `text`: dates, times and relative times are the clock's, not figures. */
export function figuresIn(text: string): string[] {
  const withoutDates = text
    .replace(new RegExp(`\\b(${MONTHS})\\s+\\d{1,2}(,\\s*\\d{4})?`, 'g'), ' ')
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\s*(AM|PM)?/gi, ' ')
    .replace(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, ' ')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ')
    .replace(/\b\d+\s*(seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+ago\b/g, ' ')
    .replace(/\b20\d{2}\b/g, ' ');
  return [...withoutDates.matchAll(/(?<![\w@/.:#-])[-+]?\$?\d[\d,]*(\.\d+)?%?(?![\w:/-])/g)].map((m) => m[0]);
}

const figureValue = (figure: string) => Number(figure.replace(/[$,%+]/g, ''));

/** Opens `path`, records every /api answer the page reads, and returns the main content's figures left unexplained. */
async function unexplainedFigures(page: Page, path: string, extra: number[] = []) {
  const known = new Set<number>(extra);
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/') || !response.headers()['content-type']?.includes('json')) return;
    reads.push(
      response
        .json()
        .then((body) => numbersIn(body, known))
        .catch(() => {}),
    );
  });
  await page.goto(browser.url(path));
  await page.getByRole('main').waitFor();
  // Signed-in pages keep the live event stream open, so the network never goes idle: wait for the
  // skeletons to go and the answers to settle instead.
  await page.waitForFunction(() => !document.querySelector('main [class*="animate-pulse"]'), undefined, {
    timeout: 15_000,
  });
  await page.waitForTimeout(1500);
  // A server-rendered page carries its first answers in the page (decision 0020): read them too.
  const state = await page
    .locator('#fanline-state')
    .textContent()
    .catch(() => null);
  if (state) numbersIn(JSON.parse(state), known);
  await Promise.all(reads);
  const text = await page.getByRole('main').innerText();
  const figures = figuresIn(text);
  return { figures, unexplained: figures.filter((figure) => !known.has(figureValue(figure))) };
}

describe('no figure on screen is invented', () => {
  test('figuresIn finds the figures and skips dates and times', () => {
    expect(
      figuresIn('127 creators online, 2,500+ verified, +12.5% from last month, $25.00 on Nov 27, 2026 at 3:04 PM'),
    ).toEqual(['127', '2,500', '+12.5%', '$25.00']);
    expect(figuresIn('user_4242 @chef2 #a1b2 3h ago 5 minutes ago')).toEqual([]);
  });

  test('the landing: online now, verified creators, answered in time and testimonials come from the API', async () => {
    for (const viewport of [undefined, MOBILE]) {
      const page = await browser.page(viewport);
      // The three "How it works" steps are numbered 1 to 3: ordinals, not figures.
      const { figures, unexplained } = await unexplainedFigures(page, '/', [1, 2, 3]);
      expect(unexplained, `figures on / not in any API answer (all: ${figures.join(' ')})`).toEqual([]);
      // And the tiles are the landing answer's, one by one.
      const landing = await (await page.request.get(browser.url('/api/creators/landing'))).json();
      const tiles = page.getByRole('main').locator('dl').first();
      if (landing.verifiedCreators > 0) {
        expect(await tiles.innerText()).toContain(
          `Verified creators\n${landing.verifiedCreators.toLocaleString('en-US')}`,
        );
      }
      expect(await page.getByText('Creators online now').count()).toBe(landing.creatorsOnline > 0 ? 1 : 0);
      expect(await page.getByRole('heading', { name: 'Loved by fans and creators' }).count()).toBe(
        landing.testimonials.length > 0 ? 1 : 0,
      );
    }
  });

  test('the admin pages: dashboard, users, messages, transactions, moderation', async () => {
    const page = await browser.page();
    await signInByApi(page.context(), browser.url('/'), DEMO_ADMIN);
    for (const path of [
      '/admin/dashboard',
      '/admin/users',
      '/admin/messages',
      '/admin/transactions',
      '/admin/moderation',
    ]) {
      const { figures, unexplained } = await unexplainedFigures(page, path);
      expect(figures.length, `${path} shows figures`).toBeGreaterThan(0);
      expect(unexplained, `figures on ${path} not in any API answer (all: ${figures.join(' ')})`).toEqual([]);
    }
    const transactions = await (await page.request.get(browser.url('/api/admin/transactions'))).json();
    await page.goto(browser.url('/admin/transactions'));
    const growth = page.getByText('from last month');
    if (transactions.stats.growthPercent === null) expect(await growth.count()).toBe(0);
    else await growth.waitFor();
  }, 150_000);

  test("the fan's /profile Billing tab shows the fan's own billing, not a sample card", async () => {
    const page = await browser.page();
    await signInByApi(page.context(), browser.url('/'), DEMO_FAN);
    const { figures, unexplained } = await unexplainedFigures(page, '/profile?tab=billing');
    expect(unexplained, `figures on /profile?tab=billing not in any API answer (all: ${figures.join(' ')})`).toEqual(
      [],
    );
    const summary = await (await page.request.get(browser.url('/api/billing/summary'))).json();
    await page.getByTestId('summary-Messages sent').waitFor();
    expect(await page.getByTestId('summary-Messages sent').innerText()).toBe(String(summary.messagesSent));
    expect(await page.getByText(/ending in/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'See every payment' }).getAttribute('href')).toBe('/billing');
  });
});
