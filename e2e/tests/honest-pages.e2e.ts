// runs-long: 75 s (6 journeys)
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGE_MESSAGES } from '@fanline/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { signInByApi, signUpConfirmed, uniqueAccount } from '../support/auth';
import { axeViolations, describeViolations } from '../support/axe';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';

// Issue 36 points 6, 7, 10, 12 and 14 (UX walkthrough 2026-11-28): legal pages, a blocked fan told up
// front, the demo's mailbox, a closed conversation's final state, and a new creator's checklist.
const browser = setupBrowser();
const SHOTS = path.join(ARTIFACTS, 'honest-pages');
fs.mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

/** A verified, available creator signed in on `context`, verified through the Threads stand-in's popup. */
async function newCreator(context: BrowserContext, prefix: string) {
  const account = await signUpConfirmed(context, browser.url, uniqueAccount(prefix), 'creator');
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
  const available = await context.request.patch(browser.url('/api/profile/me'), { data: { isAvailable: true } });
  expect(available.status(), await available.text()).toBe(200);
  const me = await (await context.request.get(browser.url('/api/profile/me'))).json();
  return { ...account, id: String(me.id) };
}

async function newFan(context: BrowserContext, prefix: string) {
  const account = await signUpConfirmed(context, browser.url, uniqueAccount(prefix), 'customer');
  const me = await (await context.request.get(browser.url('/api/profile/me'))).json();
  return { ...account, id: String(me.id) };
}

async function conversationWith(context: BrowserContext): Promise<string> {
  const inbox = await (await context.request.get(browser.url('/api/conversations'))).json();
  return String(inbox.conversations[0].lastMessageId);
}

describe('point 6: Terms, Privacy and Refund Policy are real pages, linked where people agree to them', () => {
  test('the footer opens each page; they state the live settings, arrive rendered, and are axe-clean at both widths', async () => {
    const config = await (await (await browser.context()).request.get(browser.url('/api/config'))).json();
    const page = await browser.page(DESKTOP);
    await page.goto(browser.url('/'));
    const footer = page.getByRole('contentinfo');
    const expected = { 'Terms of Service': '/terms', 'Privacy Policy': '/privacy', 'Refund Policy': '/refund-policy' };
    for (const [name, href] of Object.entries(expected)) {
      expect(await footer.getByRole('link', { name, exact: true }).first().getAttribute('href')).toBe(href);
    }
    expect(await footer.locator('a[href="/support"]', { hasText: /Terms|Privacy/ }).count()).toBe(0);
    await footer.getByRole('link', { name: 'Terms of Service', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/terms');

    for (const [name, href] of Object.entries(expected)) {
      // Server-rendered like the other public pages: the HTML itself has the page and a 200.
      const raw = await page.request.get(browser.url(href));
      expect(raw.status()).toBe(200);
      expect(await raw.text()).toContain(`>${name}</h1>`);
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto(browser.url(href));
        await page.getByRole('heading', { level: 1, name }).waitFor();
        const violations = await axeViolations(page);
        expect(violations, describeViolations(href, violations)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `${href.slice(1)}-${viewport.width}`);
      }
    }
    // The live settings, never literals: the window and the commission as /api/config says.
    await page.goto(browser.url('/refund-policy'));
    await page.getByText(`does not reply within ${config.responseWindowHours} hours`).first().waitFor();
    await page.goto(browser.url('/terms'));
    await page.getByText(`Fanline’s fee is ${config.commissionPercent}%`).waitFor();
    await page.goto(browser.url('/privacy'));
    await page.getByRole('heading', { name: '5. Your rights' }).waitFor();
  });

  test('sign-up, the message dialog and the checkout say what you agree to, with the pages one click away', async () => {
    const page = await browser.page(DESKTOP);
    await page.goto(browser.url('/signup'));
    const signupNote = page.getByTestId('agreement-note');
    await signupNote.waitFor();
    expect(await signupNote.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect(await signupNote.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/privacy');

    const creatorContext = await browser.context();
    const creator = await newCreator(creatorContext, 'legalc');
    const fanContext = await browser.context();
    await newFan(fanContext, 'legalf');
    const fanPage = await fanContext.newPage();
    await fanPage.goto(browser.url(`/${creator.username}?openModal=true`));
    const dialog = fanPage.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: /Refund Policy/ }).getAttribute('href')).toBe('/refund-policy');

    const started = await fanContext.request.post(browser.url('/api/checkout'), {
      data: { recipientId: creator.id, messageContent: 'A question about your work, please answer.' },
    });
    expect(started.status()).toBe(200);
    await fanPage.goto(String((await started.json()).url));
    const checkoutNote = fanPage.getByTestId('agreement-note');
    await checkoutNote.waitFor();
    expect(await checkoutNote.getByRole('link', { name: /Terms of Service/ }).getAttribute('href')).toBe('/terms');
    expect(await checkoutNote.getByRole('link', { name: /Refund Policy/ }).getAttribute('href')).toBe('/refund-policy');
    await shot(fanPage, 'checkout-agreement-1280');
  });
});

describe('point 7: a blocked fan is told before writing', () => {
  test('the profile says the creator blocked them instead of offering Message; ?openModal opens nothing; checkout still refuses', async () => {
    const creatorContext = await browser.context();
    const creator = await newCreator(creatorContext, 'blkc');
    const fanContext = await browser.context();
    const fan = await newFan(fanContext, 'blkf');
    expect((await creatorContext.request.put(browser.url(`/api/creator/blocks/${fan.id}`))).status()).toBe(200);

    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await fanContext.newPage();
      await page.setViewportSize(viewport);
      await page.goto(browser.url(`/${creator.username}?openModal=true`));
      await page.getByTestId('message-refusal').filter({ visible: true }).getByText(MESSAGE_MESSAGES.blocked).waitFor();
      expect(await page.getByRole('button', { name: `Message @${creator.username}` }).count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await shot(page, `blocked-profile-${viewport.width}`);
      await page.close();
    }
    const refused = await fanContext.request.post(browser.url('/api/checkout'), {
      data: { recipientId: creator.id, messageContent: 'Hello, may I ask you something?' },
    });
    expect(refused.status()).toBe(409);
  });
});

describe('point 10: the demo shows its mail', () => {
  test('a forgotten-password mail opens from "Check your email" in the demo mailbox, and its reset link works', async () => {
    const owner = await browser.context();
    const fan = await newFan(owner, 'mailf');
    const context = await browser.context();
    const page = await context.newPage();
    await page.goto(browser.url('/forgot-password'));
    await page.getByLabel('Email').fill(fan.email);
    await page.getByRole('button', { name: /send/i }).click();
    const link = page.getByTestId('demo-mailbox-link');
    await link.waitFor();
    await shot(page, 'check-your-email-1280');
    const [mailbox] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await mailbox.waitForLoadState();
    await mailbox.getByRole('heading', { level: 1, name: 'Demo mailbox' }).waitFor();
    const article = mailbox
      .locator('article')
      .filter({ hasText: `To ${fan.email}` })
      .first();
    await article.getByRole('link', { name: 'Open this mail' }).click();
    const reset = mailbox.locator('a[href*="/reset-password#token="]').first();
    await reset.waitFor();
    await shot(mailbox, 'mailbox-mail-1280');
    // The mail's own link, followed as a mail client would (its button may open a new tab).
    await mailbox.goto(String(await reset.getAttribute('href')));
    await mailbox.getByLabel('New password', { exact: true }).fill('a-brand-new-pass-1');
    await mailbox.getByLabel('Confirm new password').fill('a-brand-new-pass-1');
    await mailbox.getByRole('button', { name: 'Set new password' }).click();
    await mailbox.waitForURL('**/login**');
    await signInByApi(await browser.context(), browser.url('/'), { email: fan.email, password: 'a-brand-new-pass-1' });

    // The demo strip at the foot of every page links the mailbox too.
    await page.goto(browser.url('/'));
    const strip = page.getByRole('complementary', { name: 'Demo' });
    expect(await strip.getByRole('link').getAttribute('href')).toBe('/dev/outbox');
  });
});

describe('point 12: after a decline or a block the creator sees the conversation’s final state', () => {
  test('no "Send a follow-up" under a declined message or for a blocked fan', async () => {
    const creatorContext = await browser.context();
    const creator = await newCreator(creatorContext, 'endc');
    const fanContext = await browser.context();
    const fan = await newFan(fanContext, 'endf');
    await payForMessage(fanContext.request, browser.url, creator.id, 'Could you review my first song draft?');
    const messageId = await conversationWith(fanContext);
    const declined = await creatorContext.request.post(browser.url(`/api/messages/${messageId}/decline`), {
      data: { reason: 'outside_expertise' },
    });
    expect(declined.status(), await declined.text()).toBe(200);

    const page = await creatorContext.newPage();
    await page.goto(browser.url(`/dashboard/messages/${messageId}`));
    await page.getByTestId('conversation-closed').getByText('You declined this message.').waitFor();
    expect(await page.getByLabel('Send a follow-up').count()).toBe(0);
    expect(await page.getByText('Follow-ups are free for the fan').count()).toBe(0);
    await shot(page, 'declined-1280');

    // A second fan, answered, then blocked: nothing to write to them.
    const otherContext = await browser.context();
    const other = await newFan(otherContext, 'endg');
    await payForMessage(otherContext.request, browser.url, creator.id, 'What gear do you record vocals with?');
    const otherId = await conversationWith(otherContext);
    const replied = await creatorContext.request.post(browser.url(`/api/messages/${otherId}/reply`), {
      data: { content: 'A simple dynamic microphone and a quiet room.' },
    });
    expect(replied.status(), await replied.text()).toBe(200);
    expect((await creatorContext.request.put(browser.url(`/api/creator/blocks/${other.id}`))).status()).toBe(200);
    await page.setViewportSize(MOBILE);
    await page.goto(browser.url(`/dashboard/messages/${otherId}`));
    await page.getByTestId('conversation-closed').getByText('You blocked this fan.').waitFor();
    expect(await page.getByLabel('Send a follow-up').count()).toBe(0);
    await shot(page, 'blocked-375');
    expect(fan.id).not.toBe(other.id);
  });
});

describe('point 14: a new creator gets a setup checklist, and the payout step is a link', () => {
  test('the inbox lists price, photo, payout and share until done; payout links to Settings → Payout; Earnings says the money waits', async () => {
    const context = await browser.context();
    await newCreator(context, 'newc');
    const page = await context.newPage();
    await page.goto(browser.url('/dashboard/messages'));
    const checklist = page.getByRole('region', { name: 'Finish setting up your profile' });
    // Decision 0048: verifying through Threads copied the Threads picture as the avatar.
    await checklist.getByText('1 of 4 done').waitFor();
    await checklist.getByRole('listitem').filter({ hasText: 'Add a profile photo (done)' }).waitFor();
    for (const step of ['Set your price', 'Connect a payout account', 'Share your profile link'])
      await checklist
        .getByRole('listitem')
        .filter({ hasText: `${step} (to do)` })
        .waitFor();
    await checklist.getByText('your earnings wait in your balance').waitFor();
    const axe = await axeViolations(page);
    expect(axe, describeViolations('/dashboard/messages', axe)).toEqual([]);
    await shot(page, 'checklist-1280');

    await checklist.getByRole('button', { name: 'Copy your link' }).click();
    await checklist.getByText('2 of 4 done').waitFor();
    await checklist.getByRole('listitem').filter({ hasText: 'Share your profile link (done)' }).waitFor();

    await page.setViewportSize(MOBILE);
    await shot(page, 'checklist-375');
    await page.setViewportSize(DESKTOP);
    await checklist.getByRole('link', { name: 'Connect a payout account' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/settings' && url.searchParams.get('tab') === 'payout');
    await page.getByRole('heading', { name: 'Payout account' }).waitFor();

    await page.goto(browser.url('/dashboard/earnings'));
    const connect = page.getByRole('link', { name: 'Connect a payout account first' });
    await connect.waitFor();
    expect(await connect.getAttribute('href')).toBe('/dashboard/settings?tab=payout');
    await page.getByText('Your earnings wait here until a payout account is connected.').waitFor();
  });
});
