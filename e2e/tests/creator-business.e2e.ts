// runs-long: 60 s (5 journeys)
import { PAYOUT_MESSAGES } from '@fanline/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, demoCreator, signInByApi, signUpConfirmed, uniqueAccount } from '../support/auth';
import { ARTIFACTS, MOBILE, setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';

const maya = demoCreator('mayastyle');

/** Turns the admin setting require_creator_verification on or off through the admin API. */
async function setCreatorVerification(value: boolean) {
  const admin = await browser.context();
  await signInByApi(admin, browser.url('/'), DEMO_ADMIN);
  const { settings } = await (await admin.request.get(browser.url('/api/admin/settings'))).json();
  const saved = await admin.request.put(browser.url('/api/admin/settings'), {
    data: { ...settings, require_creator_verification: value },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

const browser = setupBrowser();

/** Signs up through the API and follows the mailed confirmation link, which signs `context` in. */
function signUp(context: BrowserContext, account: ReturnType<typeof uniqueAccount>, type: 'creator' | 'customer') {
  return signUpConfirmed(context, browser.url, account, type);
}

/** A new creator (Threads verification skipped) signed in in `context`. */
async function newCreator(context: BrowserContext) {
  const account = uniqueAccount('biz');
  await signUp(context, account, 'creator');
  const skip = await context.request.post(browser.url('/api/verification/skip'));
  expect(skip.status(), await skip.text()).toBe(200);
  return account;
}

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
}

describe('Creator business (issue #10)', () => {
  test('a creator changes price and availability; the public profile shows both', async () => {
    const context = await browser.context();
    const account = await newCreator(context);
    const page = await context.newPage();
    await page.goto(browser.url('/dashboard/settings?tab=pricing'));
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const price = page.getByLabel('Message price (USD)');
    await price.fill('45');
    const available = page.getByRole('switch', { name: 'Available for messages' });
    if ((await available.getAttribute('aria-checked')) !== 'true') await available.click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Settings saved');

    await page.goto(browser.url(`/${account.username}`));
    await page.getByText('$45', { exact: true }).first().waitFor();
    await page.getByText('Available for messages').waitFor();

    await page.goto(browser.url('/dashboard/settings?tab=pricing'));
    await page.getByRole('switch', { name: 'Available for messages' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Settings saved');
    await page.goto(browser.url(`/${account.username}`));
    await page.getByText('Currently Unavailable').first().waitFor();

    // A price off the $5 step is refused before it is sent.
    await page.goto(browser.url('/dashboard/settings?tab=pricing'));
    await page.getByLabel('Message price (USD)').fill('47');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Message price must be a multiple of $5.').first().waitFor();
  });

  test('a creator completes the simulated payout onboarding', async () => {
    const context = await browser.context();
    await newCreator(context);
    const page = await context.newPage();
    await page.goto(browser.url('/dashboard/settings?tab=payout'));
    await page.getByText('No payout account connected yet.').waitFor();
    await page.getByRole('button', { name: 'Connect payout account' }).click();
    await page.waitForURL('**/dashboard/settings/payout-onboarding**');
    await page.getByText('Simulated onboarding · test mode').waitFor();
    await page.getByRole('button', { name: 'Complete simulated onboarding' }).click();
    await toast(page, PAYOUT_MESSAGES.connected);
    await page.waitForURL((url) => url.pathname === '/dashboard/settings' && !url.searchParams.has('stripe_return'));
    // spec §4: the page reloads after 2 s, and the account stays connected.
    await page.getByText('Payout account connected.').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(2_500);
    await page.getByText('Payout account connected.').waitFor();
  });

  test('fresh earnings are held for the 48-hour "not an answer" window before they can be paid out', async () => {
    // A fresh creator is not Threads-verified, and the platform refuses paid messages to unverified
    // creators by default (require_creator_verification): lift that for this journey only.
    await setCreatorVerification(false);
    try {
      const context = await browser.context();
      const creator = await newCreator(context);
      const setup = await context.request.patch(browser.url('/api/profile/me'), {
        data: { messagePrice: 10_000, isAvailable: true },
      });
      expect(setup.status(), await setup.text()).toBe(200);
      await context.request.post(browser.url('/api/stripe-connect/onboarding-link'));
      expect((await context.request.post(browser.url('/api/stripe-connect/simulated/complete'))).status()).toBe(200);
      const me = await (await context.request.get(browser.url('/api/profile/me'))).json();

      // Two paid messages from a fan, both answered: 2 × $75 = $150 earned, on hold for 48 hours.
      const fanContext = await browser.context();
      const fan = uniqueAccount('bizfan');
      await signUp(fanContext, fan, 'customer');
      for (let i = 0; i < 2; i++) {
        await payForMessage(
          fanContext.request,
          browser.url,
          me.id,
          `Question number ${i + 1}: how do you plan your week?`,
        );
        const list = await (await context.request.get(browser.url('/api/conversations'))).json();
        const messageId = list.conversations[0].lastMessageId ?? list.conversations[0].id;
        const reply = await context.request.post(browser.url(`/api/messages/${messageId}/reply`), {
          data: { content: 'Thanks for asking, here is what I would do.' },
        });
        expect(reply.status(), await reply.text()).toBe(200);
      }

      const page = await context.newPage();
      await page.goto(browser.url('/dashboard/earnings'));
      await page.getByRole('heading', { name: 'Earnings' }).waitFor();
      const available = page.getByTestId('available-value');
      // Issue #13: an earning becomes payable 48 hours after the reply (the fan may flag it "not an
      // answer" until then), so nothing is available yet and the card says why.
      await expect.poll(() => page.getByTestId('held-value').innerText()).toContain('$150 on hold');
      expect(await available.innerText()).toBe('$0');
      expect(await page.getByRole('group', { name: 'Total Earned' }).innerText()).toContain('$150');
      expect(await page.getByText('On hold for 48 h').count()).toBe(2);
      expect(await page.getByTestId('held-value').innerText()).toContain(
        '$150 becomes payable 48 hours after each reply',
      );
      // Issue 25: below the payout minimum the button is disabled and says how far the creator is; the
      // sidebar does not offer it at all (only the card's, disabled, is on the page).
      const card = page.getByRole('group', { name: 'Available for Payout' });
      const button = card.getByRole('button', { name: 'Request Payout' });
      expect(await button.isDisabled()).toBe(true);
      expect(await card.getByTestId('payout-minimum-note').innerText()).toBe('$100 more to reach the $100 minimum');
      expect(await page.getByRole('button', { name: 'Request Payout' }).count()).toBe(1);
      await page.screenshot({ path: `${ARTIFACTS}/creator-earnings-1280.png`, fullPage: true });
      expect(creator.username).toBeTruthy();
    } finally {
      await setCreatorVerification(true);
    }
  });

  test('a creator pays out the available balance once; the bank rejects it, a retry sends it; a second click cannot pay twice', async () => {
    // coachdre's seeded replies (demo-earnings.ts) leave $112.50 past the 48-hour hold and $37.50 still
    // held; no other journey asserts his figures, so this one may spend them.
    const dre = demoCreator('coachdre');
    const context = await browser.context();
    await signInByApi(context, browser.url('/'), dre);
    const page = await context.newPage();
    // Decision 0029: the test provider's simulated bank (labelled) is set to reject payouts, so the
    // payout's failure, its reason and what to do show on screen; there is no Stripe dashboard in test mode.
    const simulatedBank = async (label: string) => {
      await page.goto(browser.url('/dashboard/settings?tab=payout'));
      const bank = page.getByRole('group', { name: 'Simulated bank (test mode)' });
      await bank.getByRole('button', { name: label }).click();
      await expect.poll(() => bank.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('button', { name: 'Open Stripe dashboard' }).count()).toBe(0);
    };
    await simulatedBank('Rejects payouts');
    await page.goto(browser.url('/dashboard/earnings'));
    await page.getByRole('heading', { name: 'Earnings' }).waitFor();
    const card = page.getByRole('group', { name: 'Available for Payout' });
    const available = card.getByTestId('available-value');
    const payoutList = page.getByRole('list', { name: 'Payouts' });
    await expect.poll(() => available.innerText()).toBe('$112.50');
    expect(await card.getByTestId('held-value').innerText()).toContain('$37.50 on hold');
    await payoutList.waitFor();
    const before = await payoutList.getByRole('listitem').count();
    // Over the minimum: the card's button is live, and the sidebar offers one too (issue 25).
    expect(await card.getByRole('button', { name: 'Request Payout' }).isEnabled()).toBe(true);
    expect(await card.getByTestId('payout-minimum-note').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Request Payout' }).count()).toBe(2);

    await card.getByRole('button', { name: 'Request Payout' }).click();
    await toast(page, PAYOUT_MESSAGES.failed);
    // Transferred to the (simulated) Stripe balance, then rejected by the bank: listed first as Failed
    // with the bank's reason, what to do and Retry; the money is no longer available to request.
    await expect.poll(() => payoutList.getByRole('listitem').count()).toBe(before + 1);
    const newest = payoutList.getByRole('listitem').first();
    expect(await newest.innerText()).toContain('$112.50');
    await expect.poll(() => newest.innerText()).toContain('Failed');
    expect(await newest.innerText()).toContain('The simulated bank rejected this payout (test mode).');
    expect(await newest.innerText()).toContain('press Retry on this payout');
    await expect.poll(() => available.innerText()).toBe('$0');
    await page.screenshot({ path: `${ARTIFACTS}/earnings-payout-failed-1280.png`, fullPage: true });

    await simulatedBank('Pays payouts');
    await page.goto(browser.url('/dashboard/earnings'));
    await payoutList.getByRole('listitem').first().getByRole('button', { name: 'Retry the $112.50 payout' }).click();
    await toast(page, 'Payout sent again');
    await expect.poll(() => payoutList.getByRole('listitem').first().innerText()).toContain('In transit');
    expect(await payoutList.getByRole('listitem').first().innerText()).not.toContain('Failed');
    await expect.poll(() => available.innerText()).toBe('$0');
    expect(await card.getByTestId('held-value').innerText()).toContain('$37.50 on hold');
    await page.screenshot({ path: `${ARTIFACTS}/earnings-after-payout-1280.png`, fullPage: true });

    // Nothing payable is left: the button is disabled and says how far the creator is from the
    // minimum, the sidebar no longer offers it, and the server still refuses a request (its own answer).
    const button = card.getByRole('button', { name: 'Request Payout' });
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await card.getByTestId('payout-minimum-note').innerText()).toBe('$100 more to reach the $100 minimum');
    expect(await button.getAttribute('aria-describedby')).toBe(
      await card.getByTestId('payout-minimum-note').getAttribute('id'),
    );
    expect(await page.getByRole('button', { name: 'Request Payout' }).count()).toBe(1);
    const again = await context.request.post(browser.url('/api/creator/payouts'));
    expect(again.status()).toBe(409);
    expect((await again.json()).error?.fields?.amount).toBe(PAYOUT_MESSAGES.minimumNotMet);
    await page.reload();
    await payoutList.waitFor();
    expect(await payoutList.getByRole('listitem').count()).toBe(before + 1);
    expect(await available.innerText()).toBe('$0');
  });

  test('settings and earnings render at 1280 and 375 px (screenshots)', async () => {
    for (const [name, viewport] of [
      ['1280', undefined],
      ['375', MOBILE],
    ] as const) {
      const context = await browser.context(viewport);
      const login = await context.request.post(browser.url('/api/auth/sign-in'), {
        data: { email: maya.email, password: maya.password },
      });
      expect(login.status()).toBe(200);
      const page = await context.newPage();
      await page.goto(browser.url('/dashboard/earnings'));
      await page.getByRole('list', { name: 'Payouts' }).waitFor();
      // Decision 0029: the seeded payouts are on the simulated bank's way: the older one is Paid after
      // the server's first jobs pass, the newer In transit until a minute after its transfer.
      await expect
        .poll(() => page.getByRole('list', { name: 'Payouts' }).innerText(), { timeout: 25_000 })
        .toMatch(/Paid/);
      expect(await page.getByText('Test mode: payouts go to a simulated bank; no real money moves.').count()).toBe(1);
      await page.screenshot({ path: `${ARTIFACTS}/earnings-${name}.png`, fullPage: true });
      await page.goto(browser.url('/dashboard/settings'));
      await page.getByRole('list', { name: 'Portfolio images' }).waitFor();
      await page.screenshot({ path: `${ARTIFACTS}/settings-profile-${name}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Pricing' }).click();
      await page.screenshot({ path: `${ARTIFACTS}/settings-pricing-${name}.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Payout' }).click();
      await page.getByText('Payout account connected.').waitFor();
      await page.screenshot({ path: `${ARTIFACTS}/settings-payout-${name}.png`, fullPage: true });
    }
  });
});
