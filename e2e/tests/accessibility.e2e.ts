// runs-long: 100 s (axe on every screen of every role at two widths)
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_CREATOR, DEMO_FAN, signInByApi, uniqueAccount } from '../support/auth';
import { type AxeViolation, axeViolations, describeViolations } from '../support/axe';
import { DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { linkFrom, linkToken, waitForMail } from '../support/mail';

// Issue 25 §3, decision 0028: axe-core's WCAG 2.0/2.1 A and AA rules find nothing on any screen of
// any role, at 1280 and at 375 px, with each tab of a tabbed page and the cheap dialogs opened. One
// browser, one signed-in context per role; each screen is checked at both widths without reloading.
const browser = setupBrowser();
const CREATOR = DEMO_ACCOUNTS.creator.username;

/** Waits until the page shows content (no skeleton, nothing busy) and finite animations are over. */
async function settle(page: Page) {
  // A lazy route (the admin's, the dashboards') renders after the load event: until its chunk has run
  // the body is empty, and axe finds nothing wrong with nothing.
  await page.waitForFunction(() => (document.querySelector('main')?.textContent ?? '').trim().length > 0, null, {
    timeout: 10_000,
  });
  await page
    .waitForFunction(
      () => !document.querySelector('.animate-pulse, [aria-busy="true"], [role="status"][aria-label^="Loading"]'),
      null,
      {
        timeout: 10_000,
      },
    )
    .catch(() => {});
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** axe at 1280, then at 375 (and back): every violation found, labelled with the screen and width. */
async function check(page: Page, where: string, found: string[]) {
  for (const viewport of [DESKTOP, MOBILE]) {
    const started = Date.now();
    await page.setViewportSize(viewport);
    await settle(page);
    const settled = Date.now();
    const violations: AxeViolation[] = await axeViolations(page);
    if (process.env.AXE_TIMING)
      console.log(`${where} @${viewport.width}: settle ${settled - started} ms, axe ${Date.now() - settled} ms`);
    if (violations.length) found.push(describeViolations(`${where} @${viewport.width}`, violations));
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Opens `path` the way a link in the app does once axe is in the page (a full load would make the page
 * parse axe's 500 KB again; the screen is the same once hydrated), else with a full load.
 */
async function go(page: Page, path: string) {
  const loaded = page.url().startsWith(browser.url('/')) && (await page.evaluate(() => 'axe' in window));
  if (!loaded) {
    await page.goto(browser.url(path));
    return;
  }
  // A lazy route keeps the previous screen up until its chunk arrives: wait for main's content to change.
  await page.evaluate((target) => {
    (window as unknown as { axeBefore: unknown }).axeBefore = document.querySelector('main')?.firstElementChild;
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((target) => window.location.pathname + window.location.search === target, path);
  await page
    .waitForFunction(
      () => {
        const now = document.querySelector('main')?.firstElementChild;
        return Boolean(now) && now !== (window as unknown as { axeBefore: unknown }).axeBefore;
      },
      null,
      { timeout: 5_000 },
    )
    // The same page with other parameters (/signup, /signup?type=creator) keeps its element.
    .catch(() => {});
}

/** Opens `path`, checks it, then each of its tabs (a tabbed page's panels are separate screens). */
async function sweep(page: Page, path: string, found: string[]) {
  await go(page, path);
  await check(page, path, found);
  const tabs = page.getByRole('main').getByRole('tab');
  const count = await tabs.count();
  for (let i = 1; i < count; i++) {
    const tab = tabs.nth(i);
    const name = (await tab.innerText()).trim();
    await tab.click();
    await check(page, `${path} [tab ${name}]`, found);
  }
}

/** Opens a dialog with `open`, checks the page with it, and closes it with Escape. */
async function withDialog(page: Page, where: string, found: string[], open: () => Promise<unknown>) {
  await open();
  await page.getByRole('dialog').first().waitFor();
  await check(page, where, found);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').first().waitFor({ state: 'detached' });
}

async function signedIn(account: {
  email: string;
  password: string;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.context();
  await signInByApi(context, browser.url('/'), account);
  return { context, page: await context.newPage() };
}

const expectNone = (found: string[]) => expect(found, `\n${found.join('\n')}`).toEqual([]);

describe('axe finds no WCAG 2 A/AA violation on any screen (decision 0028)', { timeout: 150_000 }, () => {
  test('visitor: landing, discover, find creators, a profile and its tabs, support, sign-in pages, not found', async () => {
    const found: string[] = [];
    const page = await browser.page();
    await sweep(page, '/', found);
    await sweep(page, '/creators', found);
    await sweep(page, '/search', found);
    await sweep(page, `/${CREATOR}`, found);
    await sweep(page, '/support', found);
    await sweep(page, '/login', found);
    await sweep(page, '/signup', found);
    await sweep(page, '/signup?type=creator', found);
    await sweep(page, '/forgot-password', found);
    await sweep(page, '/admin/login', found);
    await sweep(page, '/this/page/does-not-exist', found);
    await sweep(page, '/no_such_creator_here', found);
    expectNone(found);
  });

  test('fan: dashboard, conversation, message dialog, checkout, billing, /profile tabs, notifications', async () => {
    const found: string[] = [];
    const { context, page } = await signedIn(DEMO_FAN);
    await sweep(page, '/sender-dashboard', found);
    // The welcome dialog shows until it is dismissed; what is under it is checked without it.
    const welcome = page.getByRole('dialog');
    if (await welcome.count()) {
      await page.keyboard.press('Escape');
      await welcome.first().waitFor({ state: 'detached' });
      await check(page, '/sender-dashboard (welcome closed)', found);
    }
    await withDialog(page, 'notifications popover', found, () =>
      page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .click(),
    ).catch(async () => {
      // A popover is a dialog only while open; Escape closes it either way.
      await page.keyboard.press('Escape');
    });
    await sweep(page, '/messages', found);
    const conversation = page.getByRole('main').locator('a[href^="/messages/"]').first();
    const href = await conversation.getAttribute('href');
    expect(href).toBeTruthy();
    await sweep(page, String(href), found);
    await sweep(page, '/billing', found);
    await sweep(page, '/profile', found);
    await sweep(page, `/${CREATOR}`, found);
    await withDialog(page, `/${CREATOR} message dialog`, found, () =>
      page
        .getByRole('button', { name: `Message @${CREATOR}`, exact: true })
        .first()
        .click(),
    );
    // A checkout started and left unpaid: the test checkout page.
    const profile = await (await context.request.get(browser.url(`/api/profiles/${CREATOR}`))).json();
    const started = await context.request.post(browser.url('/api/checkout'), {
      data: { recipientId: profile.id, messageContent: 'A question for the accessibility sweep, thank you!' },
    });
    expect(started.status(), await started.text()).toBe(200);
    await sweep(page, new URL((await started.json()).url, browser.url('/')).pathname, found);
    expectNone(found);
  });

  test('creator: inbox and its tabs, conversation, earnings, settings tabs, notifications; a new creator’s setup modal', async () => {
    const found: string[] = [];
    const { page } = await signedIn(DEMO_CREATOR);
    await sweep(page, '/dashboard/messages', found);
    await page.getByRole('main').getByRole('tab').first().click();
    const href = await page.getByRole('main').locator('a[href^="/dashboard/messages/"]').first().getAttribute('href');
    expect(href).toBeTruthy();
    await sweep(page, String(href), found);
    await sweep(page, '/dashboard/earnings', found);
    await sweep(page, '/dashboard/settings', found);
    await withDialog(page, 'creator notifications popover', found, () =>
      page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .click(),
    ).catch(async () => page.keyboard.press('Escape'));

    // A creator who has not finished setup is greeted by the setup modal.
    const context = await browser.context();
    const account = uniqueAccount('axe');
    const signUp = await context.request.post(browser.url('/api/auth/sign-up'), {
      data: { ...account, intendedAccountType: 'creator' },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const token = linkToken(linkFrom(await waitForMail(account.email), '/auth/confirm#token='));
    expect((await context.request.post(browser.url('/api/auth/confirm-email'), { data: { token } })).status()).toBe(
      200,
    );
    const fresh = await context.newPage();
    await fresh.goto(browser.url('/dashboard/settings'));
    await fresh.getByRole('dialog', { name: 'Complete your creator setup' }).waitFor();
    await check(fresh, 'setup modal', found);
    expectNone(found);
  });

  test('admin: dashboard, users and the edit dialog, messages, transactions, moderation, support, settings tabs, audit, stuck jobs, disputes, system', async () => {
    const found: string[] = [];
    const { page } = await signedIn(DEMO_ADMIN);
    // The dashboard's Web Vitals card shows its table (wider than a phone) once a visit was measured;
    // one beacon makes sure that table is what is checked, whichever journeys ran before.
    const beacon = await page.request.post(browser.url('/api/vitals'), {
      data: { route: '/creators', metrics: [{ name: 'LCP', value: 1800 }] },
    });
    expect(beacon.status()).toBeLessThan(300);
    await sweep(page, '/admin/dashboard', found);
    await sweep(page, '/admin/users', found);
    await withDialog(page, '/admin/users edit dialog', found, () =>
      page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click(),
    );
    await withDialog(page, '/admin/users details dialog', found, () =>
      page
        .getByRole('button', { name: /^View / })
        .first()
        .click(),
    );
    await sweep(page, '/admin/messages', found);
    await sweep(page, '/admin/transactions', found);
    await withDialog(page, '/admin/transactions details dialog', found, () =>
      page.getByRole('main').getByRole('button', { name: /View/ }).first().click(),
    );
    await sweep(page, '/admin/moderation', found);
    await sweep(page, '/admin/support', found);
    await sweep(page, '/admin/settings', found);
    await sweep(page, '/admin/audit', found);
    await sweep(page, '/admin/stuck-jobs', found);
    await sweep(page, '/admin/disputes', found);
    await sweep(page, '/admin/system', found);
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await check(page, 'admin mobile menu', found);
    expectNone(found);
  });
});
