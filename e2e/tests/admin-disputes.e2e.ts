import { describe, test } from 'vitest';
import { DEMO_ADMIN } from '../support/auth';
import { MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

// Issue 37 gap 2, decision 0054: Admin › Disputes is one nav entry away, on a desktop and in the menu at
// 375 px. The demo runs on the built-in provider, which has no chargebacks, so the screen says plainly
// that there are none. (A dispute with its deadline, the evidence reaching Stripe, the ledger and the
// mails are proven over HTTP with the real SDK in modules/payments/stripe-disputes.int.test.ts; the
// screen's axe check is in accessibility.e2e.ts.)
describe('admin › Disputes (issue 37)', () => {
  test('an admin opens Disputes from the nav and from the mobile menu; with none it says so', async () => {
    const admin = await browser.page();
    await admin.goto(browser.url('/admin/login'));
    await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
    await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByRole('link', { name: 'Disputes' }).click();
    await admin.waitForURL('**/admin/disputes');
    await admin.getByRole('heading', { name: 'Disputes', level: 1 }).waitFor();
    await admin.getByText('No disputes: no fan’s bank has questioned a payment.').waitFor();

    await admin.setViewportSize(MOBILE);
    await admin.goto(browser.url('/admin/dashboard'));
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await admin.getByRole('link', { name: 'Disputes' }).click();
    await admin.waitForURL('**/admin/disputes');
    await admin.getByText('No disputes: no fan’s bank has questioned a payment.').waitFor();
  });
});
