import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { MOBILE, openInApp, setupBrowser } from '../support/browser';

const browser = setupBrowser();

// The demo data features these eight creators (apps/server/src/demo/demo-data.ts).
const FEATURED = [
  'mayastyle',
  'coachdre',
  'lenabeats',
  'pixelpete',
  'chefnora',
  'samtravels',
  'inkbyiris',
  'devdaniel',
];

const featuredList = (page: Page) => page.getByRole('list', { name: 'Featured creators' });

describe('landing page', () => {
  test('shows the hero, the stat tiles and the seeded featured creators', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/'));
    await page.getByRole('heading', { level: 1, name: 'Direct Messages That Pay' }).waitFor();
    const main = page.getByRole('main');
    await main.getByText('24 hours or refund').waitFor();
    // The tiles are live counts (decision 0023): the demo's verified creators, as the landing API counts them.
    const landing = await (await page.request.get(browser.url('/api/creators/landing'))).json();
    expect(landing.verifiedCreators).toBeGreaterThan(0);
    expect(await main.getByText(landing.verifiedCreators.toLocaleString('en-US'), { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await main.getByText('Verified creators', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Discover Creators' }).getAttribute('href')).toBe('/creators');
    expect(await main.getByRole('link', { name: 'Join as Creator' }).getAttribute('href')).toBe('/signup?type=creator');

    const maya = featuredList(page).getByRole('link', { name: /Maya Chen/ });
    await maya.waitFor();
    expect(await maya.getAttribute('href')).toBe('/mayastyle');
    expect(await maya.textContent()).toContain('@mayastyle');
    expect(await maya.textContent()).toContain('$25');
    // The demo data answers all of Maya's paid messages (issue #10), so her response rate is 100%.
    expect(await maya.textContent()).toContain('100%');
    for (const name of ['Andre Brooks', 'Lena Park']) {
      expect(
        await featuredList(page)
          .getByRole('link', { name: new RegExp(name) })
          .count(),
      ).toBe(1);
    }
    // The loop's second copy is inert: one link per creator reaches the tab order and screen readers.
    const hrefs = await featuredList(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.sort()).toEqual(FEATURED.map((username) => `/${username}`).sort());
  });

  test('shows five skeletons while loading, and no invented creators when the list fails or is empty', async () => {
    const page = await browser.page();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/creators/featured', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } });
    });
    // Opened from inside the app: a server-rendered / would arrive with the featured creators in it.
    await openInApp(page, '/');
    const loading = page.getByRole('status').filter({ hasText: 'Loading featured creators' });
    await loading.waitFor();
    expect(await loading.locator(':scope > div').count()).toBe(5);
    release();

    // No invented sample creators (decision 0023): a failure or an empty list says so and points to Discover.
    const failed = page.getByRole('status').filter({ hasText: 'Featured creators could not be loaded right now.' });
    await failed.waitFor();
    expect(await failed.getByRole('link', { name: 'Browse every creator' }).getAttribute('href')).toBe('/creators');
    expect(await page.getByText('Sample', { exact: true }).count()).toBe(0);

    const empty = await browser.page();
    await empty.route('**/api/creators/featured', (route) => route.fulfill({ json: { creators: [] } }));
    await openInApp(empty, '/');
    await empty.getByRole('status').filter({ hasText: 'No featured creators right now.' }).waitFor();
    expect(await empty.getByRole('list', { name: 'Featured creators' }).count()).toBe(0);
  });

  test('the FAQ keeps one item open at a time', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/'));
    const first = page.getByRole('button', { name: 'How does Fanline work?' });
    const second = page.getByRole('button', { name: "What happens if the creator doesn't reply?" });
    await first.click();
    await expect.poll(() => first.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('replies personally within 24 hours').waitFor();

    await second.click();
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await page.getByText('replies personally within 24 hours').waitFor({ state: 'hidden' });
    expect(await page.getByText('you get a full refund automatically').isVisible()).toBe(true);

    // Collapsible: the open item closes again.
    await second.click();
    await expect.poll(() => second.getAttribute('aria-expanded')).toBe('false');
  });

  test('quick search suggests creators and navigates to a profile or to Discover', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/'));
    const box = page.getByRole('combobox', { name: 'Search creators' });

    await box.fill('ma');
    const maya = page.getByRole('option', { name: /Maya Chen/ });
    await maya.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await box.press('ArrowDown');
    await expect.poll(() => maya.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await maya.getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/mayastyle');

    await page.goto(browser.url('/'));
    await box.fill('lena');
    await page.getByRole('option', { name: /Lena Park/ }).click();
    await page.waitForURL((url) => url.pathname === '/lenabeats');

    await page.goto(browser.url('/'));
    await box.fill('zzqx');
    await page.getByText('No creators found for "zzqx"').waitFor();
    // Below two characters the list clears, and Escape closes it.
    await box.fill('ma');
    await maya.waitFor();
    await box.fill('m');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await box.fill('ma');
    await maya.waitFor();
    await box.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });

    await box.fill('yoga');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/creators');
    expect(new URL(page.url()).searchParams.get('search')).toBe('yoga');
  });

  // With reduced motion the featured row is a plain scroller, without the moving track's transform: its
  // cards' screen-reader-only text then escaped it and the page scrolled sideways to 2,001 px.
  test.each(['no-preference', 'reduce'] as const)(
    'has no horizontal overflow at 375 px (motion: %s)',
    async (reducedMotion) => {
      const page = await browser.page(MOBILE);
      await page.emulateMedia({ reducedMotion });
      await page.goto(browser.url('/'));
      await featuredList(page).getByRole('link').first().waitFor();
      await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    },
  );

  test('the featured row moves only while it is on screen', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/'));
    await featuredList(page).getByRole('link').first().waitFor();
    const loop = () =>
      page.evaluate(() =>
        document
          .querySelector('ul[aria-label="Featured creators"]')
          ?.parentElement?.getAnimations()
          .map((animation) => animation.playState),
      );
    // Below the fold at 1280 × 800: paused.
    await page.waitForFunction(() => document.querySelector('[data-offscreen]') !== null);
    expect(await loop()).toEqual(['paused']);
    await featuredList(page).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('[data-offscreen]') === null);
    expect(await loop()).toEqual(['running']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.querySelector('[data-offscreen]') !== null);
    expect(await loop()).toEqual(['paused']);
  });
});
