// runs-long: 40 s (4 journeys)
import { formatCents, splitAmount } from '@fanline/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_FAN, demoCreator, signInByApi, uniqueAccount } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';
import { linkFrom, linkToken, waitForMail } from '../support/mail';

const browser = setupBrowser();
const DIALOG_CREATOR = 'chefnora';
// A creator whose figures no journey asserts (fans.e2e only reads its price).
const REPORTED_CREATOR = demoCreator('founderfay');

/** A confirmed new account (a plain user): the admin makes it a creator, so no other journey knows it. */
async function newConfirmedUser(prefix = 'adm') {
  const context = await browser.context();
  const account = uniqueAccount(prefix);
  const signUp = await context.request.post(browser.url('/api/auth/sign-up'), { data: account });
  expect(signUp.status()).toBe(201);
  const token = linkToken(linkFrom(await waitForMail(account.email), '/auth/confirm#token='));
  expect((await context.request.post(browser.url('/api/auth/confirm-email'), { data: { token } })).status()).toBe(200);
  await context.close();
  return account;
}

async function adminSignsIn(): Promise<Page> {
  const page = await browser.page();
  await page.goto(browser.url('/admin/login'));
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/admin/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page;
}

async function setNumberSetting(page: Page, tab: string, label: string, value: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByLabel(label).fill(value);
}

describe('admin portal (issue 12 acceptance)', () => {
  test('an admin features a new creator (the landing carousel shows them) and the window setting reaches the message dialog', async () => {
    const account = await newConfirmedUser();
    const admin = await adminSignsIn();
    // spec §2 layout: the admin's role with the underscore shown as a space.
    await admin.getByText('super admin').first().waitFor();

    await admin.getByRole('link', { name: 'Users & Creators' }).click();
    await admin.getByLabel('Search users').fill(account.username);
    const name = account.displayName;
    await admin.getByText(`@${account.username}`).waitFor();
    // The search has narrowed the list to the one account.
    await expect.poll(() => admin.getByRole('button', { name: /^View / }).count()).toBe(1);
    await admin.getByRole('button', { name: `Make Creator ${name}` }).click();
    await admin.getByRole('button', { name: `Feature ${name}` }).click();
    await admin.getByText('Creator featured.').waitFor();

    const visitor = await browser.page();
    await visitor.goto(browser.url('/'));
    await visitor
      .getByRole('region', { name: /Featured Creators/i })
      .getByText(name)
      .first()
      .waitFor();
    // The carousel shows the 8 newest featured creators: unfeature again, so the seeded ones other
    // journeys look for stay on it.
    await admin.getByRole('link', { name: 'Users & Creators' }).click();
    await admin.getByLabel('Search users').fill(account.username);
    await admin.getByRole('button', { name: `Unfeature ${name}` }).click();
    await expect.poll(() => admin.getByRole('button', { name: `Feature ${name}` }).count()).toBe(1);

    // A message paid before the change keeps the split it was paid under (75/25 by default).
    const payer = await newConfirmedUser('fee');
    const payerContext = await browser.context();
    await signInByApi(payerContext, browser.url('/'), payer);
    const fay = await (await payerContext.request.get(browser.url('/api/profiles/founderfay'))).json();
    await payForMessage(payerContext.request, browser.url, fay.id, 'Before the change: how do I find a co-founder?');

    // Settings: window 48 h and commission 30 %, one Save Changes.
    await admin.getByRole('link', { name: 'Settings' }).click();
    await setNumberSetting(admin, 'Pricing', 'Platform commission (%)', '30');
    await setNumberSetting(admin, 'System', 'Response window (hours)', '48');
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText('Platform settings saved successfully').waitFor();
    try {
      const config = await (await visitor.request.get(browser.url('/api/config'))).json();
      expect(config).toMatchObject({ responseWindowHours: 48, commissionPercent: 30, creatorSharePercent: 70 });

      const fanContext = await browser.context();
      await signInByApi(fanContext, browser.url('/'), DEMO_FAN);
      const fan = await fanContext.newPage();
      // A verified demo creator (the new one is not verified, so it shows 'Not Available Yet'); only
      // the dialog is opened, nothing is sent, so no other journey's figures move.
      await fan.goto(browser.url(`/${DIALOG_CREATOR}`));
      await fan.getByRole('button', { name: `Message @${DIALOG_CREATOR}`, exact: true }).click();
      const dialog = fan.getByRole('dialog', { name: new RegExp(`Send message to @${DIALOG_CREATOR}`) });
      await dialog.getByText(/Reply within 48 hours/).waitFor();

      // A message paid now splits 70/30; the earlier one still shows 75/25 (admin Transactions).
      await payForMessage(
        payerContext.request,
        browser.url,
        fay.id,
        'After the change: how much equity should an advisor get?',
      );
      await admin.getByRole('link', { name: 'Transactions' }).click();
      await admin.getByLabel('Search transactions').fill(payer.username);
      const splits = admin.getByText(/ · fee \$/);
      await expect.poll(() => splits.count()).toBe(2);
      const price: number = fay.messagePrice;
      const shown = (percent: number) => {
        const { platformFee, creatorShare } = splitAmount(price, percent);
        return `fee ${formatCents(platformFee)} (${percent}%) · creator ${formatCents(creatorShare)}`;
      };
      const rows = await splits.allTextContents();
      // Newest first: the 30 % payment, then the one paid under 25 %.
      expect(rows[0]).toContain(shown(30));
      expect(rows[1]).toContain(shown(25));
    } finally {
      // The e2e server is shared between journeys: put the defaults back.
      await admin.getByRole('link', { name: 'Settings' }).click();
      await setNumberSetting(admin, 'Pricing', 'Platform commission (%)', '25');
      await setNumberSetting(admin, 'System', 'Response window (hours)', '24');
      await admin.getByRole('button', { name: 'Save Changes' }).click();
      await expect
        .poll(async () => (await (await admin.request.get(browser.url('/api/config'))).json()).responseWindowHours)
        .toBe(24);
    }
  });

  test("a fan reports a reply, the admin approves it on Content Moderation, the fan's bell shows the outcome", async () => {
    const account = await newConfirmedUser();
    const fanContext = await browser.context();
    await signInByApi(fanContext, browser.url('/'), account);
    const creatorProfile = await (await fanContext.request.get(browser.url('/api/profiles/founderfay'))).json();
    await payForMessage(
      fanContext.request,
      browser.url,
      creatorProfile.id,
      'How should I open my seed round pitch deck?',
    );
    const listed = await (await fanContext.request.get(browser.url('/api/conversations'))).json();
    const messageId: string = listed.conversations[0].lastMessageId;
    const creatorContext = await browser.context();
    await signInByApi(creatorContext, browser.url('/'), REPORTED_CREATOR);
    const replied = await creatorContext.request.post(browser.url(`/api/messages/${messageId}/reply`), {
      data: { content: 'Buy my course at a discount and you will find out soon enough.' },
    });
    expect(replied.status(), await replied.text()).toBe(200);

    const fan = await fanContext.newPage();
    await fan.goto(browser.url(`/messages/${messageId}`));
    await fan.getByRole('button', { name: 'Report this reply' }).click();
    const dialog = fan.getByRole('dialog', { name: 'Report this reply' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await dialog.getByText(/at least 3 characters/).waitFor();
    await dialog.getByLabel('Reason').fill('This is an advert, not an answer.');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await fan.getByText(/your report was sent to our moderators/i).waitFor();

    const admin = await adminSignsIn();
    await admin.getByRole('link', { name: 'Content Moderation' }).click();
    await admin.getByLabel('Search reports').fill(account.username);
    await admin.getByText('This is an advert, not an answer.').waitFor();
    await expect.poll(() => admin.getByRole('button', { name: /^(Review|View Details of) report/ }).count()).toBe(1);
    await admin.getByRole('button', { name: /^Review report/ }).click();
    const review = admin.getByRole('dialog', { name: 'Review Report' });
    await review.getByLabel('Moderator notes').fill('Advertising instead of an answer.');
    await review.getByRole('button', { name: 'Approve Report' }).click();
    await admin.getByRole('button', { name: /^View Details of report/ }).waitFor();

    await fan.reload();
    await fan.getByRole('button', { name: /^Notifications/ }).click();
    await fan.getByText('Your report was approved').waitFor();
  });

  test('a fan at /admin/users ends on /admin/login with the access message', async () => {
    const context = await browser.context();
    await signInByApi(context, browser.url('/'), DEMO_FAN);
    const page = await context.newPage();
    await page.goto(browser.url('/admin/users'));
    await page.waitForURL('**/admin/login');
    await page.getByText('Access denied. Admin privileges required.').waitFor();
  });

  test('a visitor at /admin/settings is replaced to /admin/login', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/admin/settings'));
    await page.waitForURL('**/admin/login');
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor();
  });
});
