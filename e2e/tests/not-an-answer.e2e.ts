import { NOT_AN_ANSWER_MESSAGES } from '@fanline/contracts';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, demoCreator, signInByApi, signUpConfirmed, uniqueAccount } from '../support/auth';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';

// Issue #13 item 4: a fan flags a creator's reply "not an answer"; an admin approves; the fan is refunded.
const browser = setupBrowser();
const maya = demoCreator('mayastyle');

/** Signs up through the API and follows the mailed confirmation link, which signs `context` in. */
function signUpFan(context: BrowserContext) {
  return signUpConfirmed(context, browser.url, uniqueAccount('flagfan'), 'customer');
}

describe('"not an answer"', () => {
  test('a fan flags a reply, an admin approves, the fan sees the refund', async () => {
    const creator = await browser.context();
    await signInByApi(creator, browser.url('/'), maya);
    const me = await (await creator.request.get(browser.url('/api/profile/me'))).json();

    const fanContext = await browser.context(DESKTOP);
    const fan = await signUpFan(fanContext);
    await payForMessage(fanContext.request, browser.url, me.id, 'What should I buy first for a capsule wardrobe?');
    const mine = await (await fanContext.request.get(browser.url('/api/conversations'))).json();
    const messageId: string = mine.conversations[0].lastMessageId ?? mine.conversations[0].id;
    const reply = await creator.request.post(browser.url(`/api/messages/${messageId}/reply`), {
      data: { content: 'Thanks! Follow me for more tips on everything.' },
    });
    expect(reply.status(), await reply.text()).toBe(200);

    // The fan flags the reply from the conversation view, with the keyboard.
    const page = await fanContext.newPage();
    await page.goto(browser.url(`/messages/${messageId}`));
    const action = page.getByRole('button', { name: new RegExp(NOT_AN_ANSWER_MESSAGES.action.replace('?', '\\?')) });
    await action.waitFor();
    await action.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: NOT_AN_ANSWER_MESSAGES.dialogTitle });
    await dialog.waitFor();
    const reason = dialog.getByLabel(NOT_AN_ANSWER_MESSAGES.reasonLabel);
    await reason.fill('I asked what to buy first; the reply names nothing.');
    await page.screenshot({ path: `${ARTIFACTS}/not-an-answer-dialog-1280.png` });
    await dialog.getByRole('button', { name: NOT_AN_ANSWER_MESSAGES.submit }).click();
    // The reply's own badge; the toast says the same words in a longer sentence, for a few seconds.
    await page.getByTestId('flag-state').filter({ hasText: NOT_AN_ANSWER_MESSAGES.pending }).waitFor();

    // The same dialog on a phone (another answered message, so it can still be flagged).
    await payForMessage(fanContext.request, browser.url, me.id, 'And which shoes go with everything, in your view?');
    const again = await (await fanContext.request.get(browser.url('/api/conversations'))).json();
    const secondId: string = again.conversations[0].lastMessageId ?? again.conversations[0].id;
    expect(
      (
        await creator.request.post(browser.url(`/api/messages/${secondId}/reply`), {
          data: { content: 'White sneakers go with nearly everything in a capsule wardrobe.' },
        })
      ).status(),
    ).toBe(200);
    const phone = await (await browser.context(MOBILE)).newPage();
    await phone.context().addCookies(await fanContext.cookies());
    await phone.goto(browser.url(`/messages/${secondId}`));
    await phone.getByRole('button', { name: /Not an answer\?/ }).click();
    await phone.getByRole('dialog', { name: NOT_AN_ANSWER_MESSAGES.dialogTitle }).waitFor();
    await phone.screenshot({ path: `${ARTIFACTS}/not-an-answer-dialog-375.png` });
    await phone.keyboard.press('Escape');

    // The admin approves the flag in the moderation queue.
    const adminContext = await browser.context(DESKTOP);
    await signInByApi(adminContext, browser.url('/'), DEMO_ADMIN);
    const admin = await adminContext.newPage();
    await admin.goto(browser.url('/admin/moderation'));
    await admin.getByPlaceholder('Search by reason, content or user...').fill(fan.username);
    const item = admin.getByRole('article').filter({ hasText: 'Not an answer (flagged reply)' });
    await item.first().waitFor();
    await item
      .first()
      .getByRole('button', { name: /^Review report/ })
      .click();
    const review = admin.getByRole('dialog', { name: 'Review Report' });
    await review.getByText('What should I buy first for a capsule wardrobe?').waitFor();
    await review.getByRole('button', { name: 'Approve: refund the fan' }).click();
    await review.waitFor({ state: 'hidden' });

    // The fan sees the outcome and the refund.
    await page.reload();
    await page.getByText(NOT_AN_ANSWER_MESSAGES.approved).waitFor();
    const billing = await (await fanContext.request.get(browser.url('/api/billing/transactions'))).json();
    expect(JSON.stringify(billing)).toContain('refunded');
  });
});
