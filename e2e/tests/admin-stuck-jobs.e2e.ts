import { describe, test } from 'vitest';
import { DEMO_ADMIN } from '../support/auth';
import { MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

// Issue 35 §2, decision 0039: the admin portal's Stuck jobs screen is one nav entry away, on a desktop and
// in the menu at 375 px, and says plainly when nothing is stuck. (Retry and drop, with their audit rows,
// are proven over HTTP in admin/stuck-jobs.int.test.ts; the screen's axe check is in
// accessibility.e2e.ts.)
describe('admin › Stuck jobs (issue 35)', () => {
  test('an admin opens Stuck jobs from the nav and from the mobile menu; with nothing stuck it says so', async () => {
    const admin = await browser.page();
    await admin.goto(browser.url('/admin/login'));
    await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
    await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByRole('link', { name: 'Stuck jobs' }).click();
    await admin.waitForURL('**/admin/stuck-jobs');
    await admin.getByRole('heading', { name: 'Stuck jobs', level: 1 }).waitFor();
    await admin.getByText('No stuck jobs: every step has run or is still being retried.').waitFor();

    await admin.setViewportSize(MOBILE);
    await admin.goto(browser.url('/admin/dashboard'));
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await admin.getByRole('link', { name: 'Stuck jobs' }).click();
    await admin.waitForURL('**/admin/stuck-jobs');
    await admin.getByText('No stuck jobs: every step has run or is still being retried.').waitFor();
  });
});
