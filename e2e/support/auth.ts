import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, demoEmail } from '@fanline/server/demo-accounts';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { linkFrom, linkToken, waitForMail } from './mail';
import { server } from './server';

// The one place journeys get demo logins from: the seeded addresses and usernames from the server's
// DEMO_ACCOUNTS, and the passwords the server generated for this run's data directory
// (e2e/setup/global-setup.ts), never strings written here.
const demo = server().demoLogins;
function demoLogin(role: string) {
  const login = demo.logins.find((l) => l.role === role);
  if (!login) throw new Error(`no demo ${role} login in this run`);
  return { email: login.email, password: login.password };
}

/** Any demo creator: every one signs in with the run's creator password. */
export const demoCreator = (username: string) => ({
  email: demoEmail(username),
  password: demo.creatorPassword,
  username,
});
export { DEMO_ACCOUNTS };
export const DEMO_FAN = demoLogin('fan');
export const DEMO_ADMIN = demoLogin('admin');
export const DEMO_CREATOR = demoCreator(DEMO_ACCOUNTS.creator.username);

/** Unique per call, so journeys need no cleanup and never collide (STYLE.md Tests). */
export function uniqueAccount(prefix: string) {
  const tag = `${prefix}_${randomBytes(4).toString('hex')}`;
  // The display name is unique too: a name like a verified creator's is refused (security review N4).
  return { username: tag, email: `${tag}@example.test`, password: 'journey-pass-1', displayName: `Journey ${tag}` };
}

/** Signs in through the API (fixtures do; only the form's own tests use the form). Shares the context's cookies. */
export async function signInByApi(context: BrowserContext, baseUrl: string, account = DEMO_FAN) {
  const response = await context.request.post(new URL('/api/auth/sign-in', baseUrl).toString(), {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills the login form and submits it. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
}

/** The form's error box (role=alert) once it shows `text`. */
export async function alertText(page: Page, text: string) {
  const alert = page.getByRole('alert').filter({ hasText: text }).first();
  await alert.waitFor();
  return alert.innerText();
}

export async function fillSignup(
  page: Page,
  account: { username: string; email: string; password: string; displayName: string },
  confirm = account.password,
) {
  await page.getByLabel('Display name').fill(account.displayName);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(confirm);
}

/**
 * A new account of `type` signed up through the API, confirmed by following the mailed link, which
 * signs `context` in. `at` makes the run's URLs (the browser harness's `url`).
 */
export async function signUpConfirmed(
  context: BrowserContext,
  at: (path: string) => string,
  account: ReturnType<typeof uniqueAccount>,
  type: 'creator' | 'customer',
) {
  const response = await context.request.post(at('/api/auth/sign-up'), {
    data: { ...account, intendedAccountType: type },
  });
  expect(response.status(), await response.text()).toBe(201);
  const token = linkToken(linkFrom(await waitForMail(account.email), '/auth/confirm#token='));
  const confirmed = await context.request.post(at('/api/auth/confirm-email'), { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return account;
}
