// runs-long: 80 s (12 journeys)
import fs from 'node:fs';
import path from 'node:path';
import { DECLINE_REASONS, formatCents, MESSAGE_MESSAGES, SEARCH_MESSAGES, splitAmount } from '@fanline/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  DEMO_ADMIN,
  DEMO_CREATOR,
  DEMO_FAN,
  demoCreator,
  signInByApi,
  signUpConfirmed,
  uniqueAccount,
} from '../support/auth';
import { axeViolations, describeViolations } from '../support/axe';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';
import { linkFrom, waitForMail } from '../support/mail';

// Issue 36 §15, §16 and §17 (review ux-walkthrough-2026-11-28 #15–#32): creator settings, the
// creator's inbox on a phone, the profile's status signals, and the smaller honest-wording fixes.
const browser = setupBrowser();

const shot = (page: Page, name: string) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: path.join(ARTIFACTS, `honest-${name}.png`) });
};

async function signedIn(account: { email: string; password: string }, viewport = DESKTOP) {
  const context = await browser.context(viewport);
  await signInByApi(context, browser.url('/'), account);
  return { context, page: await context.newPage() };
}

async function noAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(where, violations)).toEqual([]);
}

describe('creator settings: one save per form, every tab reachable, only the creator’s mails (issue 36 §15)', () => {
  test('at 1280 and 375 px', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await signedIn(DEMO_CREATOR, viewport);
      await page.goto(browser.url('/dashboard/settings'));
      await page.getByRole('heading', { name: 'Creator Settings' }).waitFor({ timeout: 30_000 });

      // All six tabs are on screen at this width (they wrap), none cut off past the right edge.
      const tabs = page.getByRole('tablist', { name: 'Creator settings' }).getByRole('tab');
      expect(await tabs.count()).toBe(6);
      for (const name of ['Profile', 'Pricing', 'Notifications', 'Security', 'Payout', 'Blocked']) {
        const box = await tabs.filter({ hasText: name }).boundingBox();
        expect(box, name).not.toBeNull();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width, name).toBe(true);
      }
      await shot(page, `settings-tabs-${viewport.width}`);

      // One save per form: the Profile form's own Save Changes, inside that form, and none page-wide.
      const saves = page.getByRole('button', { name: 'Save Changes' });
      expect(await saves.count()).toBe(1);
      expect(await saves.evaluate((button) => Boolean(button.closest('form')))).toBe(true);
      for (const tab of ['Notifications', 'Security', 'Payout', 'Blocked']) {
        await tabs.filter({ hasText: tab }).click();
        // The tab's own panel: the tab follows the address (?tab=), so until the navigation is through the
        // Profile panel, with its Save Changes, is still the one shown (a slow machine counted it once).
        await page.getByRole('tabpanel', { name: tab }).waitFor();
        expect(await page.getByRole('button', { name: 'Save Changes' }).count(), tab).toBe(0);
      }

      // The creator's mail preferences: their own kinds, not the fan's.
      await tabs.filter({ hasText: 'Notifications' }).click();
      await page.getByRole('switch', { name: 'New paid messages' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Replies' }).count()).toBe(0);
      expect(await page.getByRole('switch', { name: 'Refunds and released holds' }).count()).toBe(0);
      await shot(page, `settings-notifications-${viewport.width}`);

      // Pricing: its own save; the share in dollars from the live commission.
      await tabs.filter({ hasText: 'Pricing' }).click();
      const price = page.getByLabel('Message price (USD)');
      await price.waitFor();
      const dollars = Number(await price.inputValue());
      const config = await (await page.context().request.get(browser.url('/api/config'))).json();
      const share = formatCents(splitAmount(dollars * 100, config.commissionPercent).creatorShare);
      await page.getByText(`You earn ${share} per answered message`).waitFor();
      await page.getByText(`after the ${config.commissionPercent}% Fanline fee`).waitFor();
      const pricingForm = page.locator('form').filter({ has: price });
      expect(await pricingForm.getByRole('button', { name: 'Save Changes' }).count()).toBe(1);

      // A limit of 0 is named on its field, with the rule and the way out.
      const open = page.getByLabel('Most open messages at once');
      await open.fill('0');
      await page.getByRole('button', { name: 'Save availability' }).click();
      await page.getByText('Enter 1 to 1000, or leave empty for no limit.').waitFor();
      expect(await open.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByText('Some fields are not valid.').count()).toBe(0);
      await noAxeViolations(page, `settings pricing @${viewport.width}`);
      await shot(page, `settings-pricing-${viewport.width}`);
    }
  });
});

describe('the creator’s inbox and profile say one thing each (issue 36 §16)', () => {
  test('on a phone the conversations start in the first screen; at 1280 the figures stay above', async () => {
    const { page } = await signedIn(DEMO_CREATOR, MOBILE);
    await page.goto(browser.url('/dashboard/messages'));
    const conversations = page.getByRole('list', { name: 'Conversations' });
    await conversations.waitFor();
    const top = (await conversations.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(top).toBeLessThan(MOBILE.height / 2);
    // The figures are still on the page, after the inbox.
    const stat = page.getByRole('group', { name: 'Pending Messages' });
    await stat.waitFor();
    expect((await stat.boundingBox())?.y ?? 0).toBeGreaterThan(top);
    await noAxeViolations(page, 'inbox @375');
    await shot(page, 'inbox-375');

    await page.setViewportSize(DESKTOP);
    await stat.waitFor();
    expect((await stat.boundingBox())?.y ?? 0).toBeLessThan((await conversations.boundingBox())?.y ?? 0);
    await shot(page, 'inbox-1280');
  });

  test('the profile: no unlabelled dot, no "Active" beside "Last active", verification said as such', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await browser.page(viewport);
      // The profile's pictures may keep "load" waiting on a busy machine; its content is what counts.
      await page.goto(browser.url('/lenabeats'), { waitUntil: 'domcontentloaded', timeout: 30_000 });
      const header = page
        .getByRole('main')
        .locator('h1')
        .locator('xpath=ancestor::*[contains(@class,"overflow-hidden")][1]');
      await header.waitFor();
      expect(await header.getByText('Active', { exact: true }).count()).toBe(0);
      await header.getByText('Verified on Threads').waitFor();
      // Availability is one labelled line.
      expect(
        await header.getByText(/^(Available for messages|Currently Unavailable|Currently unavailable · .*)$/).count(),
      ).toBe(1);
      // No coloured dot on the avatar standing for a state without words.
      expect(await header.locator('span.ring-2.ring-white.rounded-full').count()).toBe(0);
      await shot(page, `profile-header-${viewport.width}`);
    }
  });
});

describe('smaller honest fixes (issue 36 §17)', () => {
  test('visitors get a neutral lookup notice; admins the configuration hint', async () => {
    const notConfigured = async (page: Page) =>
      page.route('**/api/creators/find?**', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        await route.fulfill({ response, json: { ...body, external: [], externalStatus: 'not_configured' } });
      });
    const visitor = await browser.page(MOBILE);
    await notConfigured(visitor);
    await visitor.goto(browser.url('/search?q=maya'));
    await visitor.getByText(SEARCH_MESSAGES.notConfiguredVisitor).waitFor();
    expect(await visitor.getByText(/API key/).count()).toBe(0);
    await shot(visitor, 'search-visitor-375');

    const admin = await signedIn(DEMO_ADMIN);
    await notConfigured(admin.page);
    await admin.page.goto(browser.url('/search?q=maya'));
    await admin.page.getByText(SEARCH_MESSAGES.notConfigured).waitFor();
  });

  test('no promises nobody keeps on support and the landing page', async () => {
    for (const where of ['/support', '/']) {
      const page = await browser.page();
      await page.goto(browser.url(where));
      await page.getByRole('main').waitFor();
      const text = await page.getByRole('main').innerText();
      expect(text).not.toContain('Live chat is on its way');
      expect(text).not.toMatch(/respond within 2 hours/i);
    }
  });

  test('a declined message’s hold is "released, never charged", not "returned"', async () => {
    const context = await browser.context(MOBILE);
    const fan = uniqueAccount('heldfan');
    await signUpConfirmed(context, browser.url, fan, 'customer');
    const creator = await (await context.request.get(browser.url(`/api/profiles/${DEMO_CREATOR.username}`))).json();
    await payForMessage(context.request, browser.url, creator.id, `Could you rate my autumn outfit? (${fan.username})`);
    const inbox = await (await context.request.get(browser.url('/api/conversations'))).json();
    const messageId = String(inbox.conversations[0].lastMessageId);
    const maya = await browser.context();
    await signInByApi(maya, browser.url('/'), DEMO_CREATOR);
    const declined = await maya.request.post(browser.url(`/api/messages/${messageId}/decline`), {
      data: { reason: DECLINE_REASONS[0] },
    });
    expect(declined.status(), await declined.text()).toBe(200);

    const page = await context.newPage();
    await page.goto(browser.url('/billing'));
    const price = formatCents(creator.messagePrice);
    await page.getByText(`${price} released, never charged`).waitFor();
    expect(await page.getByText('returned to you').count()).toBe(0);
    await shot(page, 'billing-released-375');
  });

  test('the message dialog says a problem once, on the field (no toast as well)', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page } = await signedIn(DEMO_FAN, viewport);
      await page.goto(browser.url('/mayastyle?openModal=true'));
      const dialog = page.getByRole('dialog', { name: /Send message to @mayastyle/ });
      await dialog.getByRole('button', { name: /^Send & Pay/ }).click();
      await dialog.getByText(MESSAGE_MESSAGES.required).waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByText(MESSAGE_MESSAGES.required).count()).toBe(1);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      await shot(page, `dialog-error-${viewport.width}`);
    }
  });

  test('a reset link that no longer works says so when it opens', async () => {
    const page = await browser.page(MOBILE);
    await page.goto(browser.url(`/reset-password?token=${'x'.repeat(40)}`));
    await page.getByText('This link no longer works').waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await noAxeViolations(page, 'reset link @375');
    await shot(page, 'reset-dead-375');
  });

  test('an unknown page answers 404 with the one not-found design, as an unknown creator does', async () => {
    const page = await browser.page(MOBILE);
    const response = await page.goto(browser.url('/dashboard/nope'), { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    const profile = await page.goto(browser.url('/nobody-here-at-all'), { waitUntil: 'domcontentloaded' });
    expect(profile?.status()).toBe(404);
    await page.getByRole('heading', { name: SEARCH_MESSAGES.profileNotFound, level: 1 }).waitFor();
    // The same design: the 404 mark and the support contact on both.
    await page.getByText('404', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Contact support' }).waitFor();
    await shot(page, 'not-found-profile-375');
  });

  test('admin: audit rows read as changes, and the list page is in the URL', async () => {
    const { page } = await signedIn(DEMO_ADMIN);
    // A change to audit: feature and unfeature a creator through the admin API.
    const lena = await (await page.context().request.get(browser.url('/api/profiles/lenabeats'))).json();
    for (const featured of [false, true]) {
      const changed = await page.context().request.put(browser.url(`/api/admin/users/${lena.id}/featured`), {
        data: { featured },
      });
      expect(changed.status(), await changed.text()).toBeLessThan(300);
    }
    await page.goto(browser.url('/admin/audit'));
    await page
      .getByText(/Is featured:/)
      .first()
      .waitFor();
    expect(await page.getByRole('main').innerText()).not.toContain('{"');
    await shot(page, 'admin-audit-1280');

    await page.goto(browser.url('/admin/users'));
    const next = page.getByRole('button', { name: /^Next/ });
    await next.waitFor();
    if (await next.isEnabled()) {
      await next.click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await page.reload();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      await page
        .getByText(/Page 2/)
        .first()
        .waitFor();
    }
    await page.goto(browser.url('/admin/messages?filter=pending'));
    await page.getByRole('button', { name: 'Pending', pressed: true }).waitFor();
  });

  test('a new fan lands on Discover; a creator has one dashboard entry in the header', async () => {
    const page = await browser.page(MOBILE);
    const fan = uniqueAccount('newfan');
    const signUp = await page.context().request.post(browser.url('/api/auth/sign-up'), {
      data: { ...fan, intendedAccountType: 'customer' },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    await page.goto(linkFrom(await waitForMail(fan.email), '/auth/confirm#token='));
    await page.waitForURL('**/creators');
    await page.getByRole('heading', { name: 'Discover Creators', level: 1 }).waitFor();

    const { page: creator } = await signedIn(demoCreator('lenabeats'));
    await creator.goto(browser.url('/support'));
    await creator.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await creator.getByRole('banner').locator('a[href="/dashboard/messages"]').count()).toBe(1);
  });

  test('demo creators answer in their own words', async () => {
    // The fan's list (reading it reads nothing); each conversation read by an admin, whose reading
    // leaves the fan's bell alone.
    const { context } = await signedIn(DEMO_FAN);
    const { context: admin } = await signedIn(DEMO_ADMIN);
    const list = await (await context.request.get(browser.url('/api/conversations?limit=100'))).json();
    const repliesBy = new Map<string, Set<string>>();
    for (const conversation of list.conversations) {
      const detail = await (
        await admin.request.get(browser.url(`/api/conversations/${conversation.lastMessageId}`))
      ).json();
      const replies = repliesBy.get(detail.otherParty.username) ?? new Set<string>();
      for (const message of detail.messages) if (message.responseContent) replies.add(message.responseContent);
      repliesBy.set(detail.otherParty.username, replies);
    }
    const seen = new Map<string, string>();
    for (const [username, replies] of repliesBy) {
      for (const reply of replies) {
        expect(seen.get(reply), `"${reply}" from @${username} and @${seen.get(reply)}`).toBeUndefined();
        seen.set(reply, username);
      }
    }
    expect(seen.size).toBeGreaterThan(3);
  });
});
