import path from 'node:path';
import { MESSAGE_MESSAGES } from '@fanline/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_CREATOR, signInByApi, signUpConfirmed, uniqueAccount } from '../support/auth';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';

/** Issue #13 "Beyond the anchors": a creator blocks a fan who paid them, then unblocks them. */
const browser = setupBrowser();

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `blocking-${name}.png`) });

/** A fresh fan: signs up through the API and follows the mailed confirmation link, which signs `context` in. */
function newFan(context: BrowserContext) {
  return signUpConfirmed(context, browser.url, uniqueAccount('blockfan'), 'customer');
}

describe('blocking a sender', () => {
  test('the creator blocks a fan from the conversation: the open message is released, the fan is refused, settings unblock', async () => {
    const fanContext = await browser.context(DESKTOP);
    const fan = await newFan(fanContext);
    const creatorProfile = await (
      await fanContext.request.get(browser.url(`/api/profiles/${DEMO_CREATOR.username}`))
    ).json();
    const text = `Could you look at my spring outfit ideas? (${fan.username})`;
    await payForMessage(fanContext.request, browser.url, String(creatorProfile.id), text);
    const inbox = await (await fanContext.request.get(browser.url('/api/conversations'))).json();
    const messageId = String(inbox.conversations[0].lastMessageId);

    const creatorContext = await browser.context(DESKTOP);
    await signInByApi(creatorContext, browser.url('/'), DEMO_CREATOR);

    // The block dialog at 375 px first (cancelled: nothing changes).
    const mobile = await creatorContext.newPage();
    await mobile.setViewportSize(MOBILE);
    await mobile.goto(browser.url(`/dashboard/messages/${messageId}`));
    await mobile.getByRole('button', { name: `Block ${fan.displayName}` }).click();
    const mobileDialog = mobile.getByRole('dialog', { name: `Block ${fan.displayName}?` });
    await mobileDialog.waitFor();
    await shot(mobile, 'dialog-375');
    await mobileDialog.getByRole('button', { name: 'Cancel' }).click();
    await mobileDialog.waitFor({ state: 'detached' });

    // Keyboard: the Block button is reached and opened without a mouse.
    const page = await creatorContext.newPage();
    await page.goto(browser.url(`/dashboard/messages/${messageId}`));
    const blockButton = page.getByRole('button', { name: `Block ${fan.displayName}` });
    await blockButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Block ${fan.displayName}?` });
    await dialog.getByText('they get their money back', { exact: false }).waitFor();
    await shot(page, 'dialog-1280');
    await dialog.getByRole('button', { name: 'Block and release' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `${fan.displayName} is blocked.` })
      .first()
      .waitFor();
    await page.getByRole('button', { name: `Unblock ${fan.displayName}` }).waitFor();

    // The fan's side: the message is released at once (the hold let go, the billing word), never
    // "Expired" nor "no reply came in time", and a bell says why (issue 25).
    const fanPage = await fanContext.newPage();
    await fanPage.goto(browser.url(`/messages/${messageId}`));
    await fanPage.getByText('Released', { exact: true }).first().waitFor();
    await fanPage
      .getByText(/is no longer accepting messages from you, so you were not charged\./)
      .first()
      .waitFor();
    expect(await fanPage.getByText(/Expired|No reply came in time/).count()).toBe(0);
    await shot(fanPage, 'fan-released-1280');
    const fanMobile = await fanContext.newPage();
    await fanMobile.setViewportSize(MOBILE);
    await fanMobile.goto(browser.url(`/messages/${messageId}`));
    await fanMobile.getByText('Released', { exact: true }).first().waitFor();
    expect(await fanMobile.getByText(/Expired|No reply came in time/).count()).toBe(0);
    await shot(fanMobile, 'fan-released-375');
    // Billing says the same word.
    await fanPage.goto(browser.url('/billing'));
    await fanPage.getByTestId('transaction').first().getByText('Released', { exact: true }).waitFor();
    // The creator's conversation says Released too.
    await page.reload();
    await page.getByText('Released: fan blocked').first().waitFor();
    expect(await page.getByText('Expired', { exact: true }).count()).toBe(0);
    await shot(page, 'creator-released-1280');
    const bells = await (await fanContext.request.get(browser.url('/api/notifications'))).json();
    expect(bells.notifications[0]).toMatchObject({
      type: 'message_declined',
      body: 'They are no longer accepting messages from you. Your payment goes back to your card.',
    });
    const billing = await (await fanContext.request.get(browser.url('/api/billing/summary'))).json();
    expect(billing.totalSpentCents).toBe(0);

    // Issue 36: the profile says so in plain words before the fan writes anything: no Message button,
    // and ?openModal opens no dialog. (The checkout's own refusal is checked below and in the API tests.)
    await fanPage.goto(browser.url(`/${DEMO_CREATOR.username}?openModal=true`));
    await fanPage
      .getByTestId('message-refusal')
      .filter({ visible: true })
      .getByText(MESSAGE_MESSAGES.blocked)
      .waitFor();
    expect(await fanPage.getByRole('dialog').count()).toBe(0);
    expect(await fanPage.getByRole('button', { name: `Message @${DEMO_CREATOR.username}` }).count()).toBe(0);
    const refused = await fanContext.request.post(browser.url('/api/checkout'), {
      data: { recipientId: String(creatorProfile.id), messageContent: 'One more question about colours, please?' },
    });
    expect(refused.status()).toBe(409);

    // Settings → Blocked lists the fan, at 1280 and 375 px; Unblock (confirmed) lifts the block.
    await page.goto(browser.url('/dashboard/settings?tab=blocked'));
    const list = page.getByRole('list', { name: 'Blocked fans' });
    await list.getByText(`@${fan.username}`, { exact: false }).waitFor();
    await shot(page, 'settings-1280');
    await mobile.goto(browser.url('/dashboard/settings?tab=blocked'));
    await mobile.getByRole('list', { name: 'Blocked fans' }).getByText(`@${fan.username}`, { exact: false }).waitFor();
    await shot(mobile, 'settings-375');
    await list.getByRole('button', { name: `Unblock ${fan.displayName}` }).click();
    const confirm = page.getByRole('dialog', { name: `Unblock ${fan.displayName}?` });
    await confirm.getByRole('button', { name: 'Unblock' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `${fan.displayName} is unblocked.` })
      .first()
      .waitFor();
    await expect.poll(() => page.getByText(`@${fan.username}`, { exact: false }).count()).toBe(0);

    // The fan may start a checkout again.
    const again = await fanContext.request.post(browser.url('/api/checkout'), {
      data: { recipientId: String(creatorProfile.id), messageContent: 'Thanks for unblocking me, one question.' },
    });
    expect(again.status(), await again.text()).toBe(200);
  });
});
