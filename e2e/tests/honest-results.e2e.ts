// runs-long: 75 s (pays, answers and lets expire, then reads the figures)
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN, DEMO_FAN, signInByApi, signUpConfirmed, uniqueAccount } from '../support/auth';
import { axeViolations, describeViolations } from '../support/axe';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';

/**
 * Issue 36 §1, 2, 3, 5: no figure without the data behind it, no page that believes its URL, one word
 * for one event. Every journey uses fresh accounts, or reads the demo data without changing it.
 */
const browser = setupBrowser();
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `honest-${name}.png`) });

/** A new creator verified through the Threads stand-in, available for messages, signed in in `context`. */
async function newCreator(context: BrowserContext) {
  const account = uniqueAccount('honest');
  await signUpConfirmed(context, browser.url, account, 'creator');
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

interface Card {
  username: string;
  displayName: string | null;
  responseRate: number;
  avgResponseSeconds: number | null;
  reviewCount: number;
}

describe('issue 36 §1: a response rate has paid messages behind it', () => {
  test('every rate on a card is answered ÷ settled paid messages an admin can find; without any, the card says "New"', async () => {
    const context = await browser.context(DESKTOP);
    await signInByApi(context, browser.url('/'), DEMO_ADMIN);
    const cards: Card[] = (await (await context.request.get(browser.url('/api/creators?limit=48'))).json()).creators;
    expect(cards.length).toBeGreaterThan(5);
    type Row = { recipient: { username: string }; amountCents: number; isFollowup: boolean };
    // Every page: the other journeys keep paying the demo creators, so one page of 100 can be too few.
    const list = async (username: string, filter: string) => {
      let count = 0;
      for (let page = 1; ; page++) {
        const url = `/api/admin/messages?search=${username}&filter=${filter}&limit=100&page=${page}`;
        const body = (await (await context.request.get(browser.url(url))).json()) as {
          messages: Row[];
          hasMore: boolean;
        };
        count += body.messages.filter(
          (m) => m.recipient.username === username && m.amountCents > 0 && !m.isFollowup,
        ).length;
        if (!body.hasMore) return count;
      }
    };
    const noRate: string[] = [];
    for (const card of cards) {
      const answered = await list(card.username, 'responded');
      const expired = await list(card.username, 'expired');
      if (card.responseRate > 0) {
        // The rate is exactly the messages' (rounded as the server rounds it, to one decimal).
        expect(answered, `${card.username} shows ${card.responseRate}% with no answered message`).toBeGreaterThan(0);
        expect(card.responseRate, card.username).toBeCloseTo((100 * answered) / (answered + expired), 0);
        // A reply stamped in the same second as its message ("Under a minute") is not a demo's reply time.
        // Only the seed's creators: a creator another journey made may well answer within seconds.
        const seeded = !/_[0-9a-f]{8}$/.test(card.username);
        if (seeded && card.avgResponseSeconds !== null)
          expect(card.avgResponseSeconds, card.username).toBeGreaterThan(60);
      } else {
        expect(answered, card.username).toBe(0);
        noRate.push(card.username);
      }
    }
    expect(noRate.length, 'the demo has creators nobody has written to yet').toBeGreaterThan(0);

    // Discover shows "New" for them, and no percentage.
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await browser.page(viewport);
      await page.goto(browser.url('/creators'));
      const username = noRate[0] ?? '';
      const card = page
        .getByRole('main')
        .locator('article')
        .filter({ has: page.locator(`a[href="/${username}"]`) })
        .first();
      await card.waitFor();
      expect(await card.innerText()).toContain('New');
      expect(await card.innerText()).not.toMatch(/\d+%/);
      await shot(page, `discover-${viewport.width}`);
    }
  });
});

describe('issue 36 §2: a new creator has no response rate yet', () => {
  test('the inbox card says "No replies yet", not 98%', async () => {
    const context = await browser.context(DESKTOP);
    await newCreator(context);
    const stats = await (await context.request.get(browser.url('/api/creator/stats'))).json();
    expect(stats.responseRate).toBeNull();
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(browser.url('/dashboard/messages'));
      const card = page.getByRole('group', { name: 'Response Rate' });
      await card.getByTestId('stat-value').waitFor();
      expect(await card.getByTestId('stat-value').innerText()).toBe('No replies yet');
      expect(await card.innerText()).not.toMatch(/\d+\s*%/);
      expect(describeViolations('/dashboard/messages', await axeViolations(page))).toBe('');
      await card.scrollIntoViewIfNeeded();
      await shot(page, `new-creator-${viewport.width}`);
      await page.close();
    }
  });
});

describe('issue 36 §3: pages that show a result look it up', () => {
  test('/payment-success shows the payer’s own payment; a made-up creator or amount, an unknown or a foreign id is a 404', async () => {
    const fan = await browser.context(DESKTOP);
    await signInByApi(fan, browser.url('/'), DEMO_FAN);
    const creator = await newCreator(await browser.context(DESKTOP));
    const paymentId = await payForMessage(
      fan.request,
      browser.url,
      creator.id,
      'Which three things would you check first in a new kitchen?',
    );

    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await fan.newPage();
      await page.setViewportSize(viewport);
      // The URL of the old page: it said "Payment successful $9,999 to @lenabeats".
      const madeUp = await page.goto(browser.url('/payment-success?creator=lenabeats&amount=9999'));
      expect(madeUp?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
      const text = await page.getByRole('main').innerText();
      expect(text).not.toContain('9,999');
      expect(text).not.toContain('lenabeats');
      expect(text).not.toMatch(/successful|Message sent/i);
      expect(describeViolations('payment not found', await axeViolations(page))).toBe('');
      await shot(page, `payment-not-found-${viewport.width}`);

      const unknown = await page.goto(browser.url('/payment-success?payment=00000000-0000-4000-8000-000000000000'));
      expect(unknown?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Payment not found' }).waitFor();

      // The payer's own: the real amount and creator, and a hold is called a hold.
      const own = await page.goto(browser.url(`/payment-success?payment=${paymentId}`));
      expect(own?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Message sent' }).waitFor();
      expect(await page.getByTestId('payment-summary').innerText()).toBe(`$25 held until @${creator.username} replies`);
      expect(describeViolations('payment success', await axeViolations(page))).toBe('');
      await shot(page, `payment-success-${viewport.width}`);
      await page.close();
    }

    // Somebody else's payment id: not found, for the page and its status.
    const stranger = await browser.context(DESKTOP);
    await signUpConfirmed(stranger, browser.url, uniqueAccount('honestfan'), 'customer');
    const page = await stranger.newPage();
    const foreign = await page.goto(browser.url(`/payment-success?payment=${paymentId}`));
    expect(foreign?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Payment not found' }).waitFor();
    expect(await page.getByRole('main').innerText()).not.toContain(creator.username);
    // The same for the checkout of that payment.
    const checkout = await page.goto(browser.url(`/checkout/${paymentId}`));
    expect(checkout?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Checkout not found' }).waitFor();
  });
});

describe('issue 36 §5: one word for one event', () => {
  test('Admin → Messages, Admin → Transactions and the fan\'s billing say "Declined" (with the reason) for a declined message, apart from Expired', async () => {
    const creatorContext = await browser.context(DESKTOP);
    const creator = await newCreator(creatorContext);
    const fanContext = await browser.context(DESKTOP);
    const fan = await signUpConfirmed(fanContext, browser.url, uniqueAccount('honestdecl'), 'customer');
    await payForMessage(fanContext.request, browser.url, creator.id, 'Could you rewrite my whole business plan?');
    const list = await (await creatorContext.request.get(browser.url('/api/conversations'))).json();
    const messageId = list.conversations[0].lastMessageId;
    const declined = await creatorContext.request.post(browser.url(`/api/messages/${messageId}/decline`), {
      data: { reason: 'outside_expertise' },
    });
    expect(declined.status(), await declined.text()).toBe(200);

    const admin = await browser.context(DESKTOP);
    await signInByApi(admin, browser.url('/'), DEMO_ADMIN);
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await admin.newPage();
      await page.setViewportSize(viewport);
      await page.goto(browser.url('/admin/messages'));
      await page.getByPlaceholder('Search by sender, recipient or content...').fill(fan.username);
      const row = page.locator('article').filter({ hasText: 'Could you rewrite my whole business plan?' });
      await row.waitFor();
      const text = await row.innerText();
      expect(text).toContain('Declined: Outside my expertise');
      expect(text).not.toContain('Expired');
      expect(text).not.toMatch(/Payment canceled/i);
      // The filters tell them apart too.
      await page.getByRole('button', { name: 'Declined', exact: true }).click();
      await row.waitFor();
      await page.getByRole('button', { name: 'Expired', exact: true }).click();
      await page.getByText('No messages found matching your criteria.').waitFor();
      expect(describeViolations('/admin/messages', await axeViolations(page))).toBe('');
      await page.getByRole('button', { name: 'Declined', exact: true }).click();
      await row.waitFor();
      await row.scrollIntoViewIfNeeded();
      await shot(page, `admin-declined-${viewport.width}`);
      await page.close();
    }

    // The fan's billing says the same word: "Declined", not "Released" (its hold was released).
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await fanContext.newPage();
      await page.setViewportSize(viewport);
      await page.goto(browser.url('/billing'));
      const row = page.getByTestId('transaction').filter({ hasText: 'Could you rewrite my whole' });
      await row.waitFor();
      await row.getByText('Declined: Outside my expertise', { exact: true }).first().waitFor();
      expect(await row.innerText()).not.toMatch(/\bReleased\b/);
      // The money keeps its own words beside the amount.
      await row.getByText('Not charged', { exact: true }).waitFor();
      expect(describeViolations('/billing', await axeViolations(page))).toBe('');
      await shot(page, `billing-declined-${viewport.width}`);
      await page.close();
    }

    // Admin → Transactions: the same word on the row and under its own filter.
    const page = await admin.newPage();
    await page.goto(browser.url('/admin/transactions'));
    await page.getByPlaceholder('Search by sender, creator or payment ID...').fill(fan.username);
    await page.getByRole('button', { name: 'Declined', exact: true }).click();
    await page.getByText('Declined: Outside my expertise', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Expired', exact: true }).click();
    await page.getByText('No transactions found').waitFor();
    await page.close();
  });
});
