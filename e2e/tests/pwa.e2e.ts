// runs-long: 50 s (3 journeys, the full browser)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_CREATOR, signInByApi, signUpConfirmed, uniqueAccount } from '../support/auth';
import { axeViolations } from '../support/axe';
import { ARGS, ARTIFACTS, CHROMIUM_FULL, DESKTOP, MOBILE, setupBrowser, waitForHydration } from '../support/browser';
import { payForMessage } from '../support/checkout';

/**
 * Issue 26 parts 3 and 4: the installable app (manifest, service worker, offline page) and the push
 * opt-in. Headless Chromium reaches no real push service, so this page's PushManager.subscribe returns a
 * subscription at FCM's address (the only kind a production server accepts) that nothing is ever sent
 * to: the server's sending is proven through a real push-service stand-in in push.int.test.ts.
 */
// Debian's full Chromium: the headless shell the other journeys use denies notifications whatever is
// granted, and has no install (decision 0077).
const browser = setupBrowser({ full: true });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `pwa-${name}.png`) });

function newFan(context: BrowserContext) {
  return signUpConfirmed(context, browser.url, uniqueAccount('pushfan'), 'customer');
}

/**
 * A stand-in for the browser's push service: subscribe() answers at once with fixed keys; the
 * subscription lasts across this tab's page loads (sessionStorage), as a real one lasts.
 */
function fakePushService(endpoint: string) {
  const KEY = 'e2e-push-subscription';
  const subscription = {
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
    unsubscribe: async () => {
      sessionStorage.removeItem(KEY);
      return true;
    },
  };
  PushManager.prototype.subscribe = async () => {
    sessionStorage.setItem(KEY, '1');
    return subscription as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () =>
    (sessionStorage.getItem(KEY) ? subscription : null) as PushSubscription | null;
}

describe('installable app and push opt-in (issue 26)', () => {
  test('manifest and service worker are served with the right headers; Chromium finds / installable; offline navigations get the offline page', async () => {
    const manifest = await fetch(browser.url('/manifest.webmanifest'));
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'Fanline' });
    const sw = await fetch(browser.url('/sw.js'));
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-security-policy')).toContain("default-src 'self'");
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
      const response = await fetch(browser.url(icon));
      expect(response.headers.get('content-type'), icon).toBe('image/png');
    }

    // Chromium reports every Playwright context as incognito, where nothing is installable: this check
    // runs in a persistent profile, as a person's browser is.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_FULL,
      args: ARGS,
      headless: true,
      viewport: DESKTOP,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(browser.url('/'));
      await waitForHydration(page);
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#7c3aed');
      // Never an offer on a first visit.
      expect(await page.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
      // The service worker registers once the page is idle, and takes the page over.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

      await context.setOffline(true);
      await page.goto(browser.url('/creators'), { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, 'offline-1280');
      // What the worker keeps: its offline page and icons, never an API answer.
      const cached = await page.evaluate(async () =>
        (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys())))
          .flat()
          .map((request) => new URL(request.url).pathname),
      );
      expect(cached.sort()).toEqual(['/favicon.svg', '/icons/icon-192.png', '/offline.html']);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the fan is offered push after paying; turning it on subscribes; the settings switch turns it off', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.context(viewport);
      await context.grantPermissions(['notifications']);
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      await context.addInitScript(fakePushService, endpoint);
      await newFan(context);
      const page = await context.newPage();
      const label = viewport === DESKTOP ? '1280' : '375';

      // Before paying, the fan's pages offer nothing.
      await page.goto(browser.url('/messages'));
      await page
        .getByRole('heading', { name: /messages/i })
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);

      const creator = await (await context.request.get(browser.url(`/api/profiles/${DEMO_CREATOR.username}`))).json();
      const paymentId = await payForMessage(
        context.request,
        browser.url,
        String(creator.id),
        // A tag glued to a word: a bare number in a message would read as a figure on the admin pages.
        `Push opt-in question pwa_${endpoint.slice(-6)}`,
      );
      await page.goto(browser.url(`/payment-success?payment=${paymentId}`));
      const offer = page.getByRole('region', { name: 'Know the moment they reply' });
      await offer.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `offer-${label}`);

      await offer.getByRole('button', { name: 'Turn on notifications' }).click();
      await page.getByText('Notifications are on for this browser.').waitFor();

      await page.goto(browser.url('/profile?tab=notifications'));
      const push = page.getByRole('switch', { name: 'Push notifications' });
      await expect.poll(() => push.getAttribute('aria-checked')).toBe('true');
      expect(await page.getByRole('switch', { name: /marketing/i }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await push.scrollIntoViewIfNeeded();
      await shot(page, `settings-${label}`);

      // Off: this browser is unsubscribed at the server and the preference is stored.
      await push.click();
      await expect.poll(() => push.getAttribute('aria-checked')).toBe('false');
      // The switch shows the change at once; the server has it once its request is through (on a slow
      // machine a read made at once came first and still said true).
      await expect
        .poll(
          async () =>
            (await (await context.request.get(browser.url('/api/profile/me/notification-preferences'))).json()).push,
        )
        .toBe(false);
      const again = await context.request.delete(browser.url('/api/push/subscriptions'), { data: { endpoint } });
      expect(again.status()).toBe(204);
      await context.close();
    }
  });

  test('a creator with paid messages is offered push on the inbox; "Not now" is remembered', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.context(viewport);
      await context.grantPermissions(['notifications']);
      await signInByApi(context, browser.url('/'), DEMO_CREATOR);
      const page = await context.newPage();
      await page.goto(browser.url('/dashboard/messages'));
      const offer = page.getByRole('region', { name: 'Never miss a paid message' });
      await offer.waitFor();
      expect(await axeViolations(page, '[aria-labelledby="push-offer-title"]')).toEqual([]);
      await shot(page, `creator-offer-${viewport === DESKTOP ? '1280' : '375'}`);
      await offer.getByRole('button', { name: 'Not now' }).click();
      await offer.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
      await page.getByRole('group', { name: 'Pending Messages' }).getByTestId('stat-value').waitFor();
      expect(await offer.count()).toBe(0);
      await context.close();
    }
  });
});
