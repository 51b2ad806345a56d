// runs-long: 75 s (every page's figures against the database)
import { ZLandingResponse } from '@fanline/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_FAN, signInByApi } from '../support/auth';
import { MOBILE, setupBrowser } from '../support/browser';
import {
  checkout,
  conversation,
  figuresIn,
  figuresOfRole,
  paymentSuccess,
  unexplainedFigures,
} from '../support/figures';

const browser = setupBrowser();

/**
 * Issue 25 §2 and issue 36 "Nothing made up": every number on a page is one the page's own API answers
 * hold (e2e/support/figures.ts). This file: the landing, the billing tab, the admin growth line, and
 * every page a visitor and a fan read; the creators' and the admin's pages have files of their own.
 */
describe('no figure on screen is invented', () => {
  test('figuresIn finds the figures and skips dates and times', () => {
    expect(
      figuresIn('127 creators online, 2,500+ verified, +12.5% from last month, $25.00 on Nov 27, 2026 at 3:04 PM'),
    ).toEqual(['127', '2,500', '+12.5%', '$25.00']);
    expect(figuresIn('user_4242 @chef2 #a1b2 3h ago 5 minutes ago')).toEqual([]);
    expect(figuresIn('On Fanline since November 2026, Nov 3 and 94%')).toEqual(['94%']);
  });

  test('the landing: online now, verified creators, answered in time and testimonials come from the API', async () => {
    // Other workers' journeys sign creators in and out and verify new ones while this page loads, so the
    // landing's answer is read before the page and after it: the page must agree with one of the two.
    const readLanding = async (page: Page) =>
      ZLandingResponse.parse(await (await page.request.get(browser.url('/api/creators/landing'))).json());
    for (const viewport of [undefined, MOBILE]) {
      const page = await browser.page(viewport);
      const before = await readLanding(page);
      // The three "How it works" steps are numbered 1 to 3: ordinals, not figures.
      const { figures, unexplained } = await unexplainedFigures(browser, page, '/', [1, 2, 3]);
      expect(unexplained, `figures on / not in any API answer (all: ${figures.join(' ')})`).toEqual([]);
      // And the tiles are the landing answer's, one by one.
      const after = await readLanding(page);
      const tiles = await page.getByRole('main').locator('dl').first().innerText();
      const verified = [before, after].filter((landing) => landing.verifiedCreators > 0);
      if (verified.length > 0) {
        expect(
          verified.some((landing) =>
            tiles.includes(`Verified creators\n${landing.verifiedCreators.toLocaleString('en-US')}`),
          ),
          `tiles: ${tiles}`,
        ).toBe(true);
      }
      const online = await page.getByText('Creators online now').count();
      expect([before, after].map((landing) => (landing.creatorsOnline > 0 ? 1 : 0))).toContain(online);
      expect(await page.getByRole('heading', { name: 'Loved by fans and creators' }).count()).toBe(
        after.testimonials.length > 0 ? 1 : 0,
      );
    }
  });

  // The admin pages' figures are read in the per-role loop below; this is the growth line's own rule.
  test('the admin transactions page says "from last month" only when the API has a growth figure', async () => {
    const page = await browser.page();
    await signInByApi(page.context(), browser.url('/'), DEMO_ADMIN);
    const transactions = await (await page.request.get(browser.url('/api/admin/transactions'))).json();
    await page.goto(browser.url('/admin/transactions'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main [class*="animate-pulse"]'), undefined, {
      timeout: 15_000,
    });
    const growth = page.getByText('from last month');
    if (transactions.stats.growthPercent === null) expect(await growth.count()).toBe(0);
    else await growth.waitFor();
  });

  test("the fan's /profile Billing tab shows the fan's own billing, not a sample card", async () => {
    const page = await browser.page();
    await signInByApi(page.context(), browser.url('/'), DEMO_FAN);
    const { figures, unexplained } = await unexplainedFigures(browser, page, '/profile?tab=billing');
    expect(unexplained, `figures on /profile?tab=billing not in any API answer (all: ${figures.join(' ')})`).toEqual(
      [],
    );
    const summary = await (await page.request.get(browser.url('/api/billing/summary'))).json();
    await page.getByTestId('summary-Messages sent').waitFor();
    expect(await page.getByTestId('summary-Messages sent').innerText()).toBe(String(summary.messagesSent));
    expect(await page.getByText(/ending in/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'See every payment' }).getAttribute('href')).toBe('/billing');
  });

  // Issue 36: every screen with a number, for every role (the creators' and the admin's in their own files).
  for (const screens of [
    {
      role: 'visitor',
      paths: [
        '/',
        '/creators',
        '/devdaniel',
        '/inkbyiris',
        '/samtravels',
        '/mayastyle',
        '/terms',
        '/privacy',
        '/refund-policy',
      ],
    },
    {
      role: 'fan',
      account: DEMO_FAN,
      // /sender-dashboard with its welcome dialog (read, then closed), the conversation list and one
      // conversation; a checkout left unpaid and the receipt of a message paid for.
      paths: [
        '/sender-dashboard',
        '/messages',
        conversation('/messages'),
        '/creators',
        '/devdaniel',
        '/billing',
        '/profile?tab=billing',
        '/profile?tab=notifications',
        '/profile?tab=security',
        checkout('devdaniel'),
        paymentSuccess('devdaniel'),
      ],
    },
  ])
    figuresOfRole(browser, screens);
});
