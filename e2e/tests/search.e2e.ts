// runs-long: 40 s (8 journeys)
import { SEARCH_MESSAGES } from '@fanline/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, signInByApi } from '../support/auth';
import { MOBILE, setupBrowser } from '../support/browser';
import { server } from '../support/server';

const browser = setupBrowser();

// The harness runs a stand-in of the Instagram-style service (e2e/setup/global-setup.ts): it knows
// 'outside_star' and answers 429 to any name containing 'quota'.
const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Name or Instagram username' });
const q = (page: Page) => new URL(page.url()).searchParams.get('q');

async function search(page: Page, term: string) {
  await searchBox(page).fill(term);
  await searchBox(page).press('Enter');
}

describe('Find Creators (/search)', () => {
  test('starts with suggestions, finds an on-platform creator, and skips a repeated search', async () => {
    const page = await browser.page();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/creators/find')) calls.push(request.url());
    });
    await page.goto(browser.url('/search'));
    await page.getByRole('heading', { name: 'Search for a creator' }).waitFor();
    await page.getByText('Try:').waitFor();

    // An empty search does nothing.
    await search(page, '   ');
    expect(page.url()).toBe(browser.url('/search'));

    await page.getByRole('button', { name: 'maya', exact: true }).click();
    await results(page).getByRole('article', { name: 'Maya Chen' }).waitFor();
    expect(q(page)).toBe('maya');
    expect(await searchBox(page).inputValue()).toBe('maya');
    await page.getByText('1 result for "maya"').waitFor();
    expect(calls).toHaveLength(1);

    await search(page, 'maya');
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(1);

    // Straight from a link, and the card leads to the profile.
    await page.goto(browser.url('/search?q=coach'));
    await results(page).getByRole('link', { name: 'Andre Brooks' }).click();
    await page.waitForURL((url) => url.pathname === '/coachdre');
  });

  test("finds an off-platform account through the lookup, with its 'Not on Fanline' card and an invite link", async () => {
    const context = await browser.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto(browser.url('/search'));
    await search(page, 'outside_star');
    const card = results(page).getByRole('article', { name: 'Outside Star' });
    await card.waitFor();
    expect(q(page)).toBe('outside_star');
    expect(await card.getByText('Not on Fanline', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('@outside_star').isVisible()).toBe(true);
    expect(await card.innerText()).toContain('1.2M');
    await page.getByText('1 result for "outside_star"').waitFor();

    await card.getByRole('button', { name: 'Invite to Platform' }).click();
    await page.getByText('Invite link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(browser.url('/signup?type=creator'));

    // On-platform only: the lookup's account is filtered out, and Clear search goes back to the start.
    await page.getByLabel('Show').selectOption('on_platform');
    await page.getByRole('heading', { name: SEARCH_MESSAGES.noneFound }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('on_platform');
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('heading', { name: 'Search for a creator' }).waitFor();
    expect(q(page)).toBeNull();
  });

  test('the quota error shows its message and platform creators still list', async () => {
    const page = await browser.page();
    // The stand-in answers 429 for this name: the server reports 'quota'.
    await page.goto(browser.url('/search?q=star_quota'));
    await page.getByText(SEARCH_MESSAGES.quota).waitFor();
    await page.getByRole('heading', { name: SEARCH_MESSAGES.noneFound }).waitFor();

    // With the quota spent for every lookup, a term that also matches platform creators lists them
    // beside the notice.
    const quota = (exceeded: boolean) =>
      fetch(`${server().instagramStandInUrl}/__test/quota`, { method: 'POST', body: JSON.stringify({ exceeded }) });
    await quota(true);
    try {
      await search(page, 'maya');
      await results(page).getByRole('article', { name: 'Maya Chen' }).waitFor();
      await page.getByText(SEARCH_MESSAGES.quota).waitFor();
    } finally {
      await quota(false);
    }
  });

  test('an error shows the error card, and Try Again searches again', async () => {
    const page = await browser.page();
    let fail = true;
    await page.route('**/api/creators/find?*', (route) =>
      fail
        ? route.fulfill({ status: 400, json: { error: { code: 'BAD_REQUEST', message: 'Search term too long' } } })
        : route.continue(),
    );
    await page.goto(browser.url('/search?q=chef'));
    await page.getByText(SEARCH_MESSAGES.searchError('Search term too long')).waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await results(page).getByRole('article', { name: 'Nora Quinn' }).waitFor();
  });

  test('only admins see the API key dialog, and it never shows or keeps a key', async () => {
    const guest = await browser.page();
    await guest.goto(browser.url('/search'));
    await guest.getByRole('heading', { name: 'Find Creators' }).waitFor();
    expect(await guest.getByRole('button', { name: 'API key', exact: true }).count()).toBe(0);

    const context = await browser.context();
    await signInByApi(context, browser.url('/'), DEMO_ADMIN);
    const page = await context.newPage();
    await page.goto(browser.url('/search'));
    await page.getByRole('button', { name: 'API key', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Instagram API key' });
    await dialog.getByText(/A key is set in the server configuration/).waitFor();
    expect(await dialog.getByLabel('API key').inputValue()).toBe('');
    expect(await dialog.getByLabel('API key').getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Save key' }).click();
    await dialog.getByText('Please enter an API key').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain('stand-in-key');
  });

  test('fits a 375 px screen', async () => {
    const page = await browser.page(MOBILE);
    await page.goto(browser.url('/search?q=outside_star'));
    await results(page).getByRole('article', { name: 'Outside Star' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe("Discover's search also asks the external lookup (spec §5, §9: 3 characters, 1,000 ms)", () => {
  test('an off-platform account shows as on Find Creators, asked once typing has paused', async () => {
    const page = await browser.page();
    const lookups: Array<{ at: number; q: string | null; from: string | null }> = [];
    page.on('request', (request) => {
      if (!request.url().includes('/api/creators/find')) return;
      const params = new URL(request.url()).searchParams;
      lookups.push({ at: Date.now(), q: params.get('q'), from: params.get('from') });
    });
    await page.goto(browser.url('/creators'), { waitUntil: 'domcontentloaded', timeout: 30_000 });
    const box = page.getByRole('searchbox', { name: 'Search creators' });

    // Two characters ask nothing, however long the pause.
    await box.pressSequentially('ou');
    await page.waitForTimeout(1500);
    expect(lookups).toEqual([]);

    // Typed on without a long pause: one lookup, for the whole term, a second after the last key.
    await box.pressSequentially('tside_star', { delay: 40 });
    const typedAt = Date.now();
    const found = page.getByRole('list', { name: 'Instagram results' }).getByRole('article', { name: 'Outside Star' });
    await found.waitFor();
    expect(lookups.map(({ q, from }) => ({ q, from }))).toEqual([{ q: 'outside_star', from: 'discover' }]);
    expect((lookups[0]?.at ?? 0) - typedAt).toBeGreaterThanOrEqual(900);
    expect(await found.getByText('Not on Fanline', { exact: true }).isVisible()).toBe(true);
    expect(await found.getByRole('button', { name: 'Invite to Platform' }).isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'On Instagram, not on Fanline yet' }).waitFor();

    // Clearing the box takes the lookup's results away.
    await box.fill('');
    await found.waitFor({ state: 'detached' });
  });

  test('fits a 375 px screen with a lookup result', async () => {
    const page = await browser.page(MOBILE);
    await page.goto(browser.url('/creators?search=outside_star'));
    await page
      .getByRole('list', { name: 'Instagram results' })
      .getByRole('article', { name: 'Outside Star' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
