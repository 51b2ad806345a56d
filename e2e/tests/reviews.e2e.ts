// runs-long: 50 s (2 journeys)
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { REVIEW_MESSAGES } from '@fanline/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_FAN, demoCreator, signInByApi } from '../support/auth';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

/**
 * The journey changes Frank's rating, review count and response rate. No other journey asserts
 * funnyfrank's figures, and the demo data leaves him without reviews (see demo-activity.ts).
 */
const FRANK = { ...demoCreator('funnyfrank'), username: 'funnyfrank', name: 'Frank Miller' };
const DANIEL = demoCreator('devdaniel');
const tag = () => `ref_${randomBytes(3).toString('hex')}`;

async function signedIn(account: { email: string; password: string }, viewport = DESKTOP) {
  const context = await browser.context(viewport);
  await signInByApi(context, browser.url('/'), account);
  return { context, page: await context.newPage() };
}

/** The fan pays for a message to Frank (local test card) and Frank answers it, both through the API. */
async function answeredConversation(fan: BrowserContext, creator: BrowserContext): Promise<string> {
  const profile = await (await fan.request.get(browser.url(`/api/profiles/${FRANK.username}`))).json();
  const started = await fan.request.post(browser.url('/api/checkout'), {
    data: { recipientId: profile.id, messageContent: `Can you punch up my opening line? (${tag()})` },
  });
  expect(started.status()).toBe(200);
  const paymentId = String((await started.json()).url)
    .split('/')
    .pop();
  const paid = await fan.request.post(browser.url(`/api/checkout/local/${paymentId}/pay`), {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Demo Fan' },
  });
  expect(paid.status()).toBe(200);
  const list = await (await creator.request.get(browser.url('/api/conversations'))).json();
  const conversation = list.conversations.find(
    (c: { otherParty: { username: string } }) => c.otherParty.username === DEMO_ACCOUNTS.fan.username,
  );
  const reply = await creator.request.post(browser.url(`/api/messages/${conversation.lastMessageId}/reply`), {
    data: { content: 'Open with the punchline, then explain it. Trust me on this one.' },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return conversation.conversationId;
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `reviews-${name}.png`) });

async function profileRating(page: Page) {
  await page.goto(browser.url(`/${FRANK.username}`));
  await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).waitFor();
  return {
    tab: await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).innerText(),
    // RatingSummary: 'No reviews yet', or 'Rated4.0(1 review)' as text ("Rated" and "review" for screen readers).
    summary: (
      await page
        .getByRole('main')
        .locator('p')
        .filter({ hasText: /^(No reviews yet|Rated)/ })
        .first()
        .textContent()
    )?.replace(/\s+/g, ' '),
  };
}

describe('reviews (issue 10 acceptance)', () => {
  test('a fan who got a reply reviews, edits and deletes; the creator responds; the profile follows', async () => {
    const fan = await signedIn(DEMO_FAN);
    const creator = await signedIn(FRANK);
    const conversationId = await answeredConversation(fan.context, creator.context);
    expect(await profileRating(fan.page)).toMatchObject({ tab: 'Reviews (0)', summary: 'No reviews yet' });

    // The prompt opens by itself 2 s after the fan views the answered conversation.
    await fan.page.goto(browser.url(`/messages/${conversationId}`));
    const dialog = fan.page.getByRole('dialog', { name: REVIEW_MESSAGES.createTitle(FRANK.name) });
    await dialog.waitFor({ timeout: 6_000 });
    // Issue 36 §4: no star is chosen at first, and nothing can be published until one is.
    for (const stars of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
      expect(await dialog.getByRole('radio', { name: stars }).isChecked(), stars).toBe(false);
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByText('Choose 1 to 5 stars').waitFor();
    const frankId = (await (await fan.context.request.get(browser.url(`/api/profiles/${FRANK.username}`))).json()).id;
    const unrated = await fan.context.request.post(browser.url('/api/reviews'), {
      data: { creatorId: frankId, conversationId, title: 'No stars chosen' },
    });
    expect(unrated.status()).toBe(400);
    expect(await unrated.text()).toContain(REVIEW_MESSAGES.ratingRequired);
    await dialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByLabel('Title (optional)').fill('Funny and fast');
    await dialog.getByLabel('Your review (optional)').fill('My opener finally lands.');
    await dialog.getByText('24/500').waitFor();
    await shot(fan.page, 'dialog-1280');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await fan.page.getByText(REVIEW_MESSAGES.submitted).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A second review of the same conversation is refused with the spec's words.
    const again = await fan.context.request.post(browser.url('/api/reviews'), {
      data: { creatorId: frankId, conversationId, rating: 3 },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).error.message).toBe(REVIEW_MESSAGES.duplicate);

    expect(await profileRating(fan.page)).toEqual({ tab: 'Reviews (1)', summary: 'Rated4.0(1 review)' });

    // Edit: the same dialog, titled for editing, starts from the saved review.
    await fan.page.goto(browser.url(`/messages/${conversationId}`));
    await fan.page.getByRole('button', { name: 'Edit Review' }).click();
    const edit = fan.page.getByRole('dialog', { name: REVIEW_MESSAGES.editTitle(FRANK.name) });
    expect(await edit.getByLabel('Title (optional)').inputValue()).toBe('Funny and fast');
    await edit.getByRole('radio', { name: '2 stars' }).check({ force: true });
    await edit.getByRole('button', { name: 'Update Review' }).click();
    await fan.page.getByText(REVIEW_MESSAGES.updated).waitFor();
    expect(await profileRating(fan.page)).toEqual({ tab: 'Reviews (1)', summary: 'Rated2.0(1 review)' });

    // The creator responds from the Customer Reviews tab: empty is refused, then added, deleted, added.
    await creator.page.goto(browser.url('/dashboard/messages'));
    await creator.page
      .getByRole('group', { name: 'Messages Today' })
      .or(creator.page.getByText('Messages Today'))
      .first()
      .waitFor();
    await creator.page.getByRole('tab', { name: 'Customer Reviews' }).click();
    const panel = creator.page.getByRole('tabpanel');
    await panel.getByText('Funny and fast').waitFor();
    await panel.getByRole('button', { name: 'Respond' }).click();
    await panel.getByRole('button', { name: 'Post Response' }).click();
    await panel.getByText(REVIEW_MESSAGES.responseRequired).waitFor();
    await panel.getByLabel('Your response').fill('Glad it landed. Break a leg!');
    await panel.getByRole('button', { name: 'Post Response' }).click();
    await creator.page.getByText(REVIEW_MESSAGES.responseAdded).waitFor();
    await panel.getByText('Glad it landed. Break a leg!').waitFor();
    await panel.getByRole('button', { name: 'Delete Response' }).click();
    await creator.page.getByText(REVIEW_MESSAGES.responseDeleted).waitFor();
    await panel.getByRole('button', { name: 'Respond' }).click();
    await panel.getByLabel('Your response').fill('Glad it landed. Break a leg!');
    await panel.getByRole('button', { name: 'Post Response' }).click();
    await panel.getByRole('button', { name: 'Delete Response' }).waitFor();
    await shot(creator.page, 'customer-reviews-1280');
    // The response shows on the public profile's Reviews tab.
    await fan.page.goto(browser.url(`/${FRANK.username}`));
    await fan.page.getByRole('tab', { name: 'Reviews (1)' }).click();
    await fan.page.getByRole('tabpanel').getByText('Glad it landed. Break a leg!').waitFor();

    // Delete: the fan removes the review; the profile is back to no reviews.
    await fan.page.goto(browser.url(`/messages/${conversationId}`));
    await fan.page.getByRole('button', { name: 'Edit Review' }).click();
    await fan.page.getByRole('dialog').getByRole('button', { name: 'Delete Review' }).click();
    await fan.page.getByText(REVIEW_MESSAGES.deleted).waitFor();
    expect(await profileRating(fan.page)).toEqual({ tab: 'Reviews (0)', summary: 'No reviews yet' });
  });

  test('the creator dashboard shows metrics; a fan gets no metrics; 375 px screens fit', async () => {
    // devdaniel answered two paid messages days ago in the demo data (demo-activity.ts); only this file looks at his figures.
    const creator = await signedIn(DANIEL);
    await creator.page.goto(browser.url('/dashboard/messages'));
    const tile = (page: Page, label: string) =>
      page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    const tileValue = (page: Page, label: string) =>
      expect.poll(() => tile(page, label).innerText(), { timeout: 10_000 }).toMatch(/^\d+$/);
    await tileValue(creator.page, 'Total Messages');
    expect(Number(await tile(creator.page, 'Total Messages').innerText())).toBeGreaterThanOrEqual(2);
    // Issue 36 §1: the demo's messages to him were paid days ago (realistic reply delays), not today.
    expect(Number(await tile(creator.page, 'Messages Today').innerText())).toBeLessThanOrEqual(
      Number(await tile(creator.page, 'Total Messages').innerText()),
    );
    // The creator's own presence: their page reports "online" and then reads the metrics again, so it
    // is usually at once; at the latest the panel's next poll (30 s) shows it. (A CI run once saw 10 s
    // pass without it; the panel's text is in the message if it happens again.)
    const status = creator.page.getByRole('heading', { name: 'Your activity' }).locator('xpath=following-sibling::p');
    await expect.poll(() => status.innerText().catch((error) => String(error)), { timeout: 35_000 }).toBe('Online');
    await shot(creator.page, 'metrics-1280');

    const fan = await signedIn(DEMO_FAN);
    expect((await fan.context.request.get(browser.url('/api/creator/metrics'))).status()).toBe(403);

    const mobile = await signedIn(DANIEL, MOBILE);
    await mobile.page.goto(browser.url('/dashboard/messages'));
    await tileValue(mobile.page, 'Total Messages');
    await mobile.page.getByText('Total Messages', { exact: true }).waitFor();
    await shot(mobile.page, 'metrics-375');
    expect(await mobile.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await mobile.page.getByRole('tab', { name: 'Customer Reviews' }).click();
    await mobile.page.getByRole('tabpanel', { name: 'Customer Reviews' }).waitFor();
    await shot(mobile.page, 'customer-reviews-375');

    // The dialog at 375 px: the demo fan's answered, unreviewed conversation with Gia (demo data).
    const phoneFan = await signedIn(DEMO_FAN, MOBILE);
    const list = await (await phoneFan.context.request.get(browser.url('/api/conversations'))).json();
    const gia = list.conversations.find(
      (c: { otherParty: { username: string } }) => c.otherParty.username === 'glowwithgia',
    );
    await phoneFan.page.goto(browser.url(`/messages/${gia.conversationId}`));
    const dialog = phoneFan.page.getByRole('dialog', { name: REVIEW_MESSAGES.createTitle('Gia'), exact: false });
    await dialog.waitFor({ timeout: 6_000 });
    await shot(phoneFan.page, 'dialog-375');
    expect(await phoneFan.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }, 90_000);
});
