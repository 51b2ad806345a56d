import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_FAN, demoCreator, signInByApi } from '../support/auth';
import { axeViolations } from '../support/axe';
import { ARTIFACTS, MOBILE, setupBrowser } from '../support/browser';

// Issue 37 point 3, decision 0055: an admin rules for the fan on an answered message whose earning was
// paid out. The demo's paid-out messages are seeded through the real flows on the built-in provider
// (demo-earnings.ts: @lenabeats' first two replies went out in a completed payout); the admin's refund goes
// through the same flow as with Stripe, whose reversal and refusal are proven over HTTP in
// modules/payments/stripe-refund-answered.int.test.ts.
const browser = setupBrowser();
const lena = demoCreator('lenabeats');
const REASON = 'The reply did not answer what the fan asked about their mix.';

async function signedInPage(account: typeof DEMO_FAN, viewport?: { width: number; height: number }) {
  const context = await browser.context(viewport);
  await signInByApi(context, browser.url('/'), account);
  return context.newPage();
}

/** The fan's billing row for this message, loading older pages until it shows. */
async function billingRow(page: Page, creatorName: string, preview: string) {
  await page.goto(browser.url('/billing'));
  await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
  const row = page.getByTestId('transaction').filter({ hasText: creatorName }).filter({ hasText: preview });
  await page.getByTestId('transaction').first().waitFor();
  for (let i = 0; i < 10 && (await row.count()) === 0; i++) {
    const more = page.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  return row.first();
}

describe('admin refund after payout (issue 37)', () => {
  test('an admin refunds an answered, paid-out message; the fan’s billing shows the refund, the creator’s earnings the reversal', async () => {
    // Which message: @lenabeats' oldest earning that went out in a payout (the seeded, completed one).
    const creator = await signedInPage(lena);
    const me = await (await creator.request.get(browser.url('/api/profile/me'))).json();
    const earnings = await (await creator.request.get(browser.url('/api/creator/earnings'))).json();
    const paidOut = earnings.recent.filter((e: { status: string }) => e.status === 'paid_out');
    const target = paidOut[paidOut.length - 1] as { messageId: string; messagePreview: string; amount: number };
    expect(target, JSON.stringify(earnings.recent)).toBeTruthy();
    const lenaName: string = me.displayName ?? me.username;
    const question = target.messagePreview.slice(0, 40);

    // The admin finds it on Admin → Messages, answered, and opens "Refund fan" with the keyboard.
    const admin = await signedInPage(DEMO_ADMIN);
    await admin.goto(browser.url('/admin/messages?filter=responded'));
    await admin.getByPlaceholder('Search by sender, recipient or content...').fill(question);
    const row = admin.getByRole('article').filter({ hasText: lenaName }).filter({ hasText: question });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('Answered');
    const action = row.getByRole('button', { name: /^Refund fan/ });
    await action.focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: 'Refund this answered message?' });
    await dialog.waitFor();
    const said = await dialog.innerText();
    expect(said).toMatch(/gets their \$\d+(\.\d\d)? back on their card/);
    expect(said).toContain('their earning for this message is reversed');
    // The reason is required: sent empty, the dialog says so and nothing happens.
    const submit = dialog.getByRole('button', { name: /^Refund \$/ });
    await submit.click();
    await dialog.getByText('Say in a few words why the fan is refunded.').waitFor();
    expect(await axeViolations(admin, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Reason (kept in the audit log)').fill(REASON);
    await admin.screenshot({ path: `${ARTIFACTS}/admin-refund-answered-dialog-1280.png` });
    await submit.focus();
    await admin.keyboard.press('Enter');
    await admin.getByText('Fan refunded').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.first().innerText()).toContain('Refunded');
    expect(await row.getByRole('button', { name: /^Refund fan/ }).count()).toBe(0);

    // The audit log keeps the reason.
    const audit = await (await admin.request.get(browser.url('/api/admin/audit?limit=5'))).json();
    expect(JSON.stringify(audit)).toContain(REASON);

    // The fan's billing says Refunded for it.
    const fan = await signedInPage(DEMO_FAN);
    const billed = await billingRow(fan, lenaName, target.messagePreview.slice(0, 30));
    await expect.poll(() => billed.innerText()).toContain('Refunded');

    // The creator's earnings show it reversed after its payout.
    await creator.goto(browser.url('/dashboard/earnings'));
    const item = creator.getByRole('listitem').filter({ hasText: target.messagePreview.slice(0, 30) });
    await expect.poll(() => item.first().innerText()).toContain('Reversed after payout');
    await creator.screenshot({ path: `${ARTIFACTS}/admin-refund-answered-earnings-1280.png`, fullPage: true });
  });

  test('at 375 px the dialog fits and is axe-clean', async () => {
    const admin = await signedInPage(DEMO_ADMIN, MOBILE);
    await admin.goto(browser.url('/admin/messages?filter=responded'));
    const action = admin.getByRole('button', { name: /^Refund fan/ }).first();
    await action.waitFor();
    await action.click();
    const dialog = admin.getByRole('dialog', { name: 'Refund this answered message?' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= MOBILE.width).toBe(true);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await axeViolations(admin)).toEqual([]);
    await admin.screenshot({ path: `${ARTIFACTS}/admin-refund-answered-dialog-375.png` });
    // Cancelled with Escape: nothing is refunded.
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
