// runs-long: 70 s (4 journeys)
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signUpConfirmed, uniqueAccount } from '../support/auth';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';

/** Issue #13 "Beyond the anchors": creator care. Every journey uses its own fresh accounts. */
const browser = setupBrowser();

/** Signs up through the API and follows the mailed confirmation link, which signs `context` in. */
function signUp(context: BrowserContext, account: ReturnType<typeof uniqueAccount>, type: 'creator' | 'customer') {
  return signUpConfirmed(context, browser.url, account, type);
}

/**
 * A new creator verified through the Threads stand-in's consent page (the setup modal's popup, as in
 * auth-threads.e2e.ts), available for messages, signed in in `context`.
 */
async function newCreator(context: BrowserContext) {
  const account = uniqueAccount('care');
  await signUp(context, account, 'creator');
  const page = await context.newPage();
  await page.goto(browser.url('/dashboard/settings'));
  const dialog = page.getByRole('dialog', { name: 'Complete your creator setup' });
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Verify with Threads' }).click(),
  ]);
  await popup.getByLabel('Threads username').fill(account.username);
  await popup.getByRole('button', { name: 'Allow' }).click();
  await page.getByText(`Verified on Threads as @${account.username}`).waitFor();
  await page.close();
  const open = await context.request.patch(browser.url('/api/profile/me'), { data: { isAvailable: true } });
  expect(open.status(), await open.text()).toBe(200);
  const me = await (await context.request.get(browser.url('/api/profile/me'))).json();
  return { ...account, id: String(me.id) };
}

async function newFan(context: BrowserContext) {
  const account = uniqueAccount('carefan');
  await signUp(context, account, 'customer');
  return account;
}

/** The fan pays for a message to the creator with the local test card; returns the checkout's status. */
async function payFor(fan: BrowserContext, creatorId: string, content: string) {
  const started = await fan.request.post(browser.url('/api/checkout'), {
    data: { recipientId: creatorId, messageContent: content },
  });
  if (started.status() !== 200) return { status: started.status(), body: await started.json() };
  const paymentId = String((await started.json()).url)
    .split('/')
    .pop();
  const paid = await fan.request.post(browser.url(`/api/checkout/local/${paymentId}/pay`), {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Care Fan' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { status: 200, body: await paid.json() };
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `creator-care-${name}.png`) });

describe('deadline reminders and the at-risk strip', () => {
  test('the inbox lists open messages closest to their deadline first; the reminders switch is kept', async () => {
    const creatorContext = await browser.context(DESKTOP);
    const creator = await newCreator(creatorContext);
    const fanContext = await browser.context();
    await newFan(fanContext);
    expect((await payFor(fanContext, creator.id, 'First question: how do I pace a half marathon?')).status).toBe(200);
    expect((await payFor(fanContext, creator.id, 'Second question: what should I eat the night before?')).status).toBe(
      200,
    );

    const page = await creatorContext.newPage();
    await page.goto(browser.url('/dashboard/messages'));
    const strip = page.getByRole('region', { name: 'At risk: reply before these run out' });
    await strip.waitFor();
    const items = strip.getByRole('listitem');
    expect(await items.count()).toBe(2);
    await expect.poll(() => items.first().innerText()).toContain('First question');
    expect(await items.first().innerText()).toMatch(/2[34]h \d+m remaining/);
    await shot(page, 'at-risk-1280');

    const mobile = await creatorContext.newPage();
    await mobile.setViewportSize(MOBILE);
    await mobile.goto(browser.url('/dashboard/messages'));
    await mobile.getByRole('region', { name: 'At risk: reply before these run out' }).waitFor();
    await shot(mobile, 'at-risk-375');

    // A message in the strip opens its conversation.
    await items.first().getByRole('link').click();
    await page.waitForURL('**/dashboard/messages/*');

    // The reminders switch is the creator's and survives a reload.
    await page.goto(browser.url('/dashboard/settings?tab=notifications'));
    const reminders = page.getByRole('switch', { name: 'Deadline reminders' });
    await reminders.waitFor();
    expect(await reminders.getAttribute('aria-checked')).toBe('true');
    await reminders.click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Preferences saved' }).first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Deadline reminders' }).getAttribute('aria-checked'))
      .toBe('false');
  });
});

describe('declining a message with a reason', () => {
  test('the creator declines from the conversation; the fan sees the reason and was not charged', async () => {
    const creatorContext = await browser.context(DESKTOP);
    const creator = await newCreator(creatorContext);
    const fanContext = await browser.context(DESKTOP);
    await newFan(fanContext);
    expect((await payFor(fanContext, creator.id, 'Could you review my cover letter for a design job?')).status).toBe(
      200,
    );

    const page = await creatorContext.newPage();
    await page.goto(browser.url('/dashboard/messages'));
    await page.getByRole('region', { name: 'At risk: reply before these run out' }).getByRole('link').first().click();
    await page.waitForURL('**/dashboard/messages/*');
    const messageUrl = page.url();
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline this message?' });
    await dialog.getByLabel('Reason').selectOption({ label: 'Too personal to answer here' });
    await dialog.getByLabel('Note to the fan (optional)').fill('Happy to help with portfolio questions instead.');
    await shot(page, 'decline-dialog-1280');
    await dialog.getByRole('button', { name: 'Decline and return the money' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Message declined' }).first().waitFor();
    await page.getByText('Declined: Too personal to answer here').first().waitFor();
    expect(await page.getByRole('button', { name: 'Decline' }).count()).toBe(0);

    const mobile = await creatorContext.newPage();
    await mobile.setViewportSize(MOBILE);
    await mobile.goto(browser.url('/dashboard/messages'));
    // Nothing open any more: the strip is gone.
    await mobile.getByRole('heading', { name: 'Messages', exact: true }).waitFor();
    expect(await mobile.getByRole('region', { name: 'At risk: reply before these run out' }).count()).toBe(0);

    // The fan's side: the reason, the note, and the money back.
    const fanPage = await fanContext.newPage();
    const messageId = messageUrl.split('/').pop() ?? '';
    await fanPage.goto(browser.url(`/messages/${messageId}`));
    await fanPage.getByText('Declined: Too personal to answer here').waitFor();
    await fanPage.getByText('Happy to help with portfolio questions instead.', { exact: false }).waitFor();
    const bells = await (await fanContext.request.get(browser.url('/api/notifications'))).json();
    expect(bells.notifications[0]).toMatchObject({ type: 'message_declined' });
    const billing = await (await fanContext.request.get(browser.url('/api/billing/summary'))).json();
    expect(billing.totalSpentCents).toBe(0);
  });

  test('the decline dialog at 375 px', async () => {
    const creatorContext = await browser.context(MOBILE);
    const creator = await newCreator(creatorContext);
    const fanContext = await browser.context(DESKTOP);
    await newFan(fanContext);
    expect((await payFor(fanContext, creator.id, 'What camera should I buy for street photography?')).status).toBe(200);
    const page = await creatorContext.newPage();
    await page.goto(browser.url('/dashboard/messages'));
    await page.getByRole('region', { name: 'At risk: reply before these run out' }).getByRole('link').first().click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('dialog', { name: 'Decline this message?' }).waitFor();
    await shot(page, 'decline-dialog-375');
  });
});

describe('capacity protection', () => {
  test('vacation with an end date is saved in settings and checkout is refused with when the creator is back', async () => {
    const creatorContext = await browser.context(DESKTOP);
    const creator = await newCreator(creatorContext);
    const page = await creatorContext.newPage();
    await page.goto(browser.url('/dashboard/settings?tab=pricing'));
    const section = page.getByRole('region', { name: 'Availability' });
    await section.getByLabel('Most open messages at once').fill('3');
    await section.getByRole('switch', { name: 'Vacation mode' }).click();
    const back = new Date(Date.now() + 5 * 24 * 3_600_000);
    const value = `${back.getFullYear()}-${String(back.getMonth() + 1).padStart(2, '0')}-${String(back.getDate()).padStart(2, '0')}`;
    await section.getByLabel('Back on').fill(value);
    await section.getByRole('button', { name: 'Save availability' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Availability saved' }).first().waitFor();
    await section.getByText('Fans cannot message you right now: you are on vacation.').waitFor();
    await shot(page, 'capacity-settings-1280');
    const mobile = await creatorContext.newPage();
    await mobile.setViewportSize(MOBILE);
    await mobile.goto(browser.url('/dashboard/settings?tab=pricing'));
    await mobile.getByRole('region', { name: 'Availability' }).scrollIntoViewIfNeeded();
    await mobile.getByText('Fans cannot message you right now: you are on vacation.').waitFor();
    await shot(mobile, 'capacity-settings-375');

    const fanContext = await browser.context(DESKTOP);
    await newFan(fanContext);
    const refused = await payFor(fanContext, creator.id, 'Are you taking questions about lighting setups?');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^This creator is currently unavailable\. Back on /);

    // What fans see while the creator is away: the profile and the creator card say so, and when they reopen.
    const capacity = await (await creatorContext.request.get(browser.url('/api/creator/capacity'))).json();
    const fanPage = await fanContext.newPage();
    const backOn = await fanPage.evaluate(
      (iso) => new Date(iso).toLocaleDateString(undefined, { month: 'long', day: 'numeric' }),
      String(capacity.vacationUntil),
    );
    await fanPage.goto(browser.url(`/${creator.username}`));
    await fanPage.getByText(`Currently unavailable · Back on ${backOn}`).waitFor();
    await fanPage.goto(browser.url(`/search?q=${creator.username}`));
    const card = fanPage.getByRole('list', { name: 'Search results' }).getByRole('article').first();
    await card.getByText('Currently unavailable', { exact: true }).waitFor();
    await card.getByText(`Back on ${backOn}`, { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: /^Send Message to / }).isDisabled()).toBe(true);
  });
});
