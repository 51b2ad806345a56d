// runs-long: 45 s (3 journeys)
import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { alertText, uniqueAccount } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { linkFrom, linkToken, waitForMail } from '../support/mail';

const browser = setupBrowser();

/** A confirmed creator-to-be (signed up as a creator, not verified yet), signed in in a fresh context. */
async function newCreatorToBe() {
  const context = await browser.context();
  const account = uniqueAccount('thr');
  const signUp = await context.request.post(browser.url('/api/auth/sign-up'), {
    data: { ...account, intendedAccountType: 'creator' },
  });
  expect(signUp.status()).toBe(201);
  const token = linkToken(linkFrom(await waitForMail(account.email), '/auth/confirm#token='));
  expect((await context.request.post(browser.url('/api/auth/confirm-email'), { data: { token } })).status()).toBe(200);
  return { context, account };
}

/** Opens the setup modal's popup and returns it on the stand-in's consent page. */
async function startVerification(context: BrowserContext, page: Page): Promise<Page> {
  await page.goto(browser.url('/dashboard/settings'));
  const dialog = page.getByRole('dialog', { name: 'Complete your creator setup' });
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Verify with Threads' }).click(),
  ]);
  await popup.getByRole('heading', { name: 'Log in to Threads' }).waitFor();
  return popup;
}

describe('Threads verification through the OAuth popup (spec §4 Threads OAuth, §8)', () => {
  test('a creator verifies through the provider and lands on settings as a verified creator', async () => {
    const { context, account } = await newCreatorToBe();
    const page = await context.newPage();
    const popup = await startVerification(context, page);
    await popup.getByLabel('Threads username').fill(account.username);
    await popup.getByRole('button', { name: 'Allow' }).click();
    // spec §2: the callback notifies the opener and closes itself after 2 s.
    await popup.getByText('Verification successful!').waitFor();
    await popup.waitForEvent('close', { timeout: 5000 });
    await page.getByText(`Verified on Threads as @${account.username}`).waitFor();
    expect(page.url()).toBe(browser.url('/dashboard/settings'));
    expect(await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard/messages',
    );
    // The public link works: a visitor finds the new creator at /{username}.
    const visitor = await browser.page();
    await visitor.goto(browser.url(`/${account.username}`));
    await visitor.getByText(`@${account.username}`).first().waitFor();
    expect(await visitor.getByText('Profile Not Found').count()).toBe(0);
  });

  test('a different Threads handle is refused with the mismatch message', async () => {
    const { context, account } = await newCreatorToBe();
    const page = await context.newPage();
    const popup = await startVerification(context, page);
    await popup.getByLabel('Threads username').fill('someone_else');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await alertText(page, VERIFICATION_MESSAGES.mismatch(account.username, 'someone_else'));
    await popup.waitForEvent('close', { timeout: 6000 });
  });

  test('cancelling at the provider, or closing the popup, says so', async () => {
    const { context } = await newCreatorToBe();
    const page = await context.newPage();
    const popup = await startVerification(context, page);
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await alertText(page, VERIFICATION_MESSAGES.denied);
    await popup.waitForEvent('close', { timeout: 6000 });

    const again = await startVerification(context, page);
    await again.close();
    await alertText(page, VERIFICATION_MESSAGES.cancelled);
  });
});
