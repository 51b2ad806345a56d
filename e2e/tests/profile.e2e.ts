// runs-long: 40 s (8 journeys)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_MESSAGES, UPLOAD_MESSAGES } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { alertText, DEMO_CREATOR, fillSignup, signInByApi, submitLogin, uniqueAccount } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { linkFrom, linkToken, waitForMail } from '../support/mail';

const browser = setupBrowser();

// A 1×1 PNG: small, valid, and the server re-encodes it.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function tempFile(name: string, content: Buffer | string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-upload-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

/** A fresh, confirmed customer signed in through the API (sign-up, then the mailed link). */
async function newSignedInFan() {
  const context = await browser.context();
  const account = uniqueAccount('prof');
  const signUp = await context.request.post(browser.url('/api/auth/sign-up'), {
    data: { ...account, intendedAccountType: 'customer' },
  });
  expect(signUp.status()).toBe(201);
  const token = linkToken(linkFrom(await waitForMail(account.email), '/auth/confirm#token='));
  const confirmed = await context.request.post(browser.url('/api/auth/confirm-email'), { data: { token } });
  expect(confirmed.status()).toBe(200);
  return { context, account };
}

describe('Edit Profile (spec §2 Profile settings)', () => {
  test('a guest is sent to /login and comes back to /profile after signing in', async () => {
    const { account } = await newSignedInFan();
    const page = await browser.page();
    await page.goto(browser.url('/profile'));
    await page.waitForURL('**/login?returnTo=%2Fprofile');
    await submitLogin(page, account.email, account.password);
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    for (const tab of ['Profile', 'Notifications', 'Security', 'Billing']) {
      expect(await page.getByRole('tab', { name: tab }).isVisible()).toBe(true);
    }
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    await page.getByText(PROFILE_MESSAGES.emailReadOnly).waitFor();
  });

  test('notification preferences are saved on the account and survive a reload', async () => {
    const { context } = await newSignedInFan();
    const page = await context.newPage();
    await page.goto(browser.url('/profile'));
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const email = page.getByRole('switch', { name: 'Email notifications' });
    expect(await email.getAttribute('aria-checked')).toBe('true');
    await email.click();
    await page.getByText('Preferences saved').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    expect(await page.getByRole('switch', { name: 'Email notifications' }).getAttribute('aria-checked')).toBe('false');
    // Fanline sends no marketing, so there is no switch promising it (decision 0031).
    expect(await page.getByRole('switch', { name: 'Marketing emails' }).count()).toBe(0);
  });

  test('avatar upload shows the new image and a renamed text file is refused', async () => {
    const { context } = await newSignedInFan();
    const page = await context.newPage();
    await page.goto(browser.url('/profile'));
    const fileInput = page.getByLabel('Profile picture file');

    await fileInput.setInputFiles(tempFile('notes.png', 'this is text, not a picture'));
    await alertText(page, UPLOAD_MESSAGES.invalidType);
    expect(await page.locator('img[src^="/uploads/"]').count()).toBe(0);

    await fileInput.setInputFiles(tempFile('me.png', PIXEL_PNG));
    const image = page.locator('img[src^="/uploads/"]');
    await image.waitFor();
    // The picture really loads from the server: decode() waits for it and fails on a broken image.
    await image.evaluate((img: HTMLImageElement) => img.decode());
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('saving the profile updates it; the bio counter counts', async () => {
    const { context } = await newSignedInFan();
    const page = await context.newPage();
    await page.goto(browser.url('/profile'));
    await page.getByLabel('Bio').fill('Coffee, cameras and code.');
    await page.getByText('25/500 characters').waitFor();
    await page.getByLabel('Display name').fill('Renamed Fan');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved').waitFor();
    const session = await context.request.get(browser.url('/api/auth/session'));
    const { user } = await session.json();
    expect(user).toMatchObject({ displayName: 'Renamed Fan', bio: 'Coffee, cameras and code.' });
  });

  test('the Security tab changes the password for real', async () => {
    const { context, account } = await newSignedInFan();
    const page = await context.newPage();
    await page.goto(browser.url('/profile'));
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('changed-pass-2');
    await page.getByLabel('Confirm new password').fill('changed-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('alert').first().waitFor();

    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated').waitFor();
    const signIn = await context.request.post(browser.url('/api/auth/sign-in'), {
      data: { email: account.email, password: 'changed-pass-2' },
    });
    expect(signIn.status()).toBe(200);
  });
});

describe('creator dashboard guard (spec §2)', () => {
  test('a guest signs in first; a fan sees the access message with a link to /messages', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/dashboard/earnings'));
    await page.waitForURL('**/login?returnTo=%2Fdashboard%2Fearnings');

    const { context } = await newSignedInFan();
    const fanPage = await context.newPage();
    await fanPage.goto(browser.url('/dashboard/messages'));
    await fanPage.getByRole('heading', { name: 'Creator Dashboard Access Required' }).waitFor();
    expect(await fanPage.getByRole('link', { name: 'Go to Messages' }).getAttribute('href')).toBe('/messages');
  });

  test('a creator reaches the dashboard; the header Dashboard goes to /dashboard/messages', async () => {
    const context = await browser.context();
    await signInByApi(context, browser.url('/'), DEMO_CREATOR);
    const page = await context.newPage();
    await page.goto(browser.url('/'));
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/messages');
    expect(await page.getByText('Creator Dashboard Access Required').count()).toBe(0);
  });

  test('a creator-to-be confirms the email, gets the setup modal with the profile URL, skips, and lands on settings', async () => {
    const page = await browser.page();
    const account = uniqueAccount('maker');
    await page.goto(browser.url('/signup?type=creator'));
    await fillSignup(page, account);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/login');

    await page.goto(linkFrom(await waitForMail(account.email), '/auth/confirm#token='));
    await page.waitForURL('**/dashboard/settings');
    const dialog = page.getByRole('dialog', { name: 'Complete your creator setup' });
    await dialog.getByText(browser.url(`/${account.username}`)).waitFor();
    await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Creator Settings' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/dashboard/messages',
    );
  });
});
