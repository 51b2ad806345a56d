import { SEARCH_MESSAGES, type TReview } from '@fanline/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_CREATOR, DEMO_FAN, signInByApi } from '../support/auth';
import { ARTIFACTS, MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

const sticky = (page: Page) => page.getByTestId('sticky-message');

describe('Public creator profile (/{username})', () => {
  test('shows the header, the tabs, and the sticky Message button after scrolling 300 px', async () => {
    const page = await browser.page(MOBILE);
    await page.goto(browser.url('/mayastyle'));
    await page.getByRole('heading', { level: 1, name: /Maya Chen/ }).waitFor();
    const main = page.getByRole('main');
    // 100%: the demo data answers all of Maya's paid messages (issue #10).
    for (const text of ['@mayastyle', '245K', '$25', '100%', 'No reviews yet', 'Fashion', 'Lifestyle']) {
      expect(await main.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }
    expect(await main.getByText('Verified').count()).toBeGreaterThan(0);

    const tabs = page.getByRole('tablist', { name: 'Creator profile' }).getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['About', 'Reviews (0)', 'Portfolio']);
    await page.getByRole('tabpanel').getByText('Fashion stylist in NYC').waitFor();
    await page.getByRole('tab', { name: 'Reviews (0)' }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: 'No reviews yet' }).waitFor();
    await page.getByRole('tab', { name: 'Portfolio' }).click();
    // The demo creators' portfolios come from the demo data (issue #10).
    await page.getByRole('tabpanel').getByRole('list', { name: 'Portfolio' }).waitFor();
    expect(await page.getByRole('tabpanel').getByRole('img').count()).toBe(3);

    // Opening the tabs scrolled them into view; from the top, the sticky button is hidden.
    await page.evaluate(() => window.scrollTo(0, 0));
    await sticky(page).waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(200);
    expect(await sticky(page).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 420));
    await sticky(page).waitFor();
    expect(await sticky(page).innerText()).toContain('Message @mayastyle · $25');
    await page.evaluate(() => window.scrollTo(0, 0));
    await sticky(page).waitFor({ state: 'detached' });
  });

  test('a logged-out Message click lands on /login, and signing in returns with the dialog open', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/lenabeats'));
    await page.getByRole('button', { name: 'Message @lenabeats' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBe('/lenabeats');

    await page.getByLabel('Email').fill(DEMO_FAN.email);
    await page.getByLabel('Password').fill(DEMO_FAN.password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: /Send message to @lenabeats/ });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/lenabeats');
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterLogin'))).toBeNull();

    // The parameter opened the dialog once; closing it and reloading does not reopen it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('openModal')).toBe(false);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Lena Park/ }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Signed in, the button opens the dialog directly.
    await page.getByRole('button', { name: 'Message @lenabeats' }).click();
    await dialog.waitFor();
  });

  test("on a phone, the message dialog's title wraps a 30-character username clear of its close button", async () => {
    const context = await browser.context({ width: 390, height: 844 });
    await signInByApi(context, browser.url('/'), DEMO_FAN);
    const page = await context.newPage();
    await page.goto(browser.url('/lenabeats'));
    await page.getByRole('button', { name: 'Message @lenabeats' }).first().click();
    await page.getByRole('dialog', { name: /Send message to @lenabeats/ }).waitFor();
    const dialog = page.getByRole('dialog');
    // The longest username the spec allows (30 characters), in place of the demo creator's.
    const title = await dialog.getByText('Send message to @lenabeats', { exact: true }).elementHandle();
    expect(title).toBeTruthy();
    if (!title) return;
    await title.evaluate((node) => {
      node.textContent = `Send message to @${'w'.repeat(30)}`;
    });
    await page.screenshot({ path: `${ARTIFACTS}/message-dialog-long-username-390.png` });
    const titleBox = await title.boundingBox();
    const closeBox = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
    expect(titleBox && closeBox).toBeTruthy();
    if (!titleBox || !closeBox) return;
    expect(titleBox.x + titleBox.width).toBeLessThanOrEqual(closeBox.x);
    expect(titleBox.height).toBeGreaterThan(closeBox.height);
    expect(await dialog.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
  });

  test("an unavailable creator shows 'Currently Unavailable' and no sticky button", async () => {
    const page = await browser.page(MOBILE);
    await page.goto(browser.url('/yogaomar'));
    const unavailable = page.getByRole('button', { name: 'Currently Unavailable' });
    await unavailable.waitFor();
    expect(await unavailable.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Message @/ }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForTimeout(300);
    expect(await sticky(page).count()).toBe(0);
  });

  test('the creator sees Edit Profile on their own page and no purchase panel', async () => {
    const context = await browser.context();
    await signInByApi(context, browser.url('/'), DEMO_CREATOR);
    const page = await context.newPage();
    await page.goto(browser.url('/mayastyle'));
    const edit = page.getByRole('link', { name: 'Edit Profile' });
    await edit.waitFor();
    expect(await edit.getAttribute('href')).toBe('/profile');
    expect(await page.getByRole('heading', { name: 'Message price' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Message @mayastyle/ }).count()).toBe(0);
  });

  test("'Profile Not Found' with Back to Home, and 'Invalid username in URL' for placeholders", async () => {
    const page = await browser.page();
    await page.goto(browser.url('/no_such_creator'));
    await page.getByRole('heading', { level: 1, name: SEARCH_MESSAGES.profileNotFound }).waitFor();
    await page.getByText('Creator profile "no_such_creator" not found').waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(browser.url('/'));

    // A fan's profile is not a creator's: not found either.
    await page.goto(browser.url(`/${DEMO_ACCOUNTS.fan.username}`));
    await page.getByRole('heading', { level: 1, name: SEARCH_MESSAGES.profileNotFound }).waitFor();

    for (const path of ['/:username', '/%7Busername%7D']) {
      await page.goto(browser.url(path));
      await page.getByRole('heading', { level: 1, name: SEARCH_MESSAGES.invalidUsername }).waitFor();
    }
    // Case-insensitive lookup.
    await page.goto(browser.url('/MayaStyle'));
    await page.getByRole('heading', { level: 1, name: /Maya Chen/ }).waitFor();
  });

  test('reviews: newest first as served, long text collapsed at 150 characters, creator responses, Load more', async () => {
    const page = await browser.page();
    const long = `${'Great advice on building a capsule wardrobe. '.repeat(5)}The end.`;
    const review = (n: number, extra: Partial<TReview> = {}): TReview => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      rating: 5 - (n % 3),
      title: `Review ${n}`,
      message: `Short note ${n}`,
      creatorResponse: null,
      creatorResponseAt: null,
      createdAt: new Date(Date.UTC(2026, 0, 20 - n)).toISOString(),
      customer: { username: `fan${n}`, displayName: `Fan ${n}`, avatarUrl: null },
      ...extra,
    });
    await page.route('**/api/profiles/mayastyle/reviews*', (route) => {
      const cursor = new URL(route.request().url()).searchParams.get('cursor');
      return route.fulfill({
        json: cursor
          ? { reviews: [review(6)], nextCursor: null }
          : {
              reviews: [
                review(1, { message: long, creatorResponse: 'Thank you!', creatorResponseAt: '2026-01-20T10:00:00Z' }),
                ...[2, 3, 4, 5].map((n) => review(n)),
              ],
              nextCursor: 'page-2',
            },
      });
    });
    await page.goto(browser.url('/mayastyle'));
    await page.getByRole('tab', { name: /Reviews/ }).click();
    const list = page.getByRole('list', { name: 'Reviews' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(5);
    const first = list.getByRole('listitem').first();
    expect(await first.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1);
    const text = await first.getByText(/Great advice/).innerText();
    expect(text.length).toBeLessThanOrEqual(151);
    expect(text.endsWith('…')).toBe(true);
    await first.getByRole('button', { name: 'Read more' }).click();
    expect(await first.getByText(/The end\.$/).isVisible()).toBe(true);
    expect(await first.getByText('Thank you!').isVisible()).toBe(true);
    expect(await first.getByText(/Response from Maya Chen/).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Load more reviews' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(6);
    expect(await page.getByRole('button', { name: 'Load more reviews' }).count()).toBe(0);
  });
});
