// runs-long: 35 s (3 journeys)
import { randomBytes } from 'node:crypto';
import { formatCents, MESSAGE_OUTCOME_LABELS, messageOutcomeText, type TBillingTransaction } from '@fanline/contracts';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_FAN, signInByApi } from '../support/auth';
import { DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';

const browser = setupBrowser();

/**
 * The demo data gives the demo fan one answered (Gia Romano), one pending (Iris Novak) and one
 * refunded (Dr. Hana Kim) conversation, made through the real checkout, reply and expiry use cases.
 * Other journeys also pay as the demo fan, so figures are checked against the fan's own history.
 */
const ANSWERED = { name: 'Gia Romano', reply: 'Keep it simple: a gentle cream cleanser' };
const PENDING = { name: 'Iris Novak' };
const REFUNDED = { name: 'Dr. Hana Kim' };

async function fanPage(viewport = DESKTOP) {
  const page = await browser.page(viewport);
  await signInByApi(page.context(), browser.url('/'), DEMO_FAN);
  return page;
}

async function allTransactions(request: APIRequestContext) {
  const rows: TBillingTransaction[] = [];
  let cursor = '';
  do {
    const res = await request.get(browser.url(`/api/billing/transactions${cursor ? `?cursor=${cursor}` : ''}`));
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { transactions: TBillingTransaction[]; nextCursor: string | null };
    rows.push(...body.transactions);
    cursor = body.nextCursor ?? '';
  } while (cursor);
  return rows;
}

/** Closes the first-visit modal if this fan has not seen it yet. */
async function pastOnboarding(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Welcome to Fanline' });
  // The name arrives with the dashboard's data, and the modal with it.
  await page.getByText(/^Welcome back, /).waitFor();
  await page.waitForTimeout(300);
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Get started' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
}

const summaryValue = (page: Page, label: string) => page.getByTestId(`summary-${label}`).first().innerText();

describe('a fan finds answers, figures and payments (issue 11)', () => {
  test('dashboard and billing show the right statuses and figures; the CSV has the same rows, formulas escaped', async () => {
    const page = await fanPage();
    // A message whose text a spreadsheet would run as a formula.
    const formula = `=SUM(A1:A9) is how my sheet starts, can you help? ref_${randomBytes(3).toString('hex')}`;
    const creator = await page.context().request.get(browser.url('/api/profiles/founderfay'));
    await payForMessage(page.context().request, browser.url, (await creator.json()).id, formula);

    const rows = await allTransactions(page.context().request);
    const sum = (status: string) =>
      rows.filter((r) => r.status === status).reduce((total, r) => total + r.amountCents, 0);

    await page.goto(browser.url('/sender-dashboard'));
    await pastOnboarding(page);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back, Demo Fan');
    expect(await summaryValue(page, 'Total spent')).toBe(formatCents(sum('completed')));
    expect(await summaryValue(page, 'Messages sent')).toBe(String(rows.length));
    expect(await summaryValue(page, 'Awaiting responses')).toBe(
      String(rows.filter((r) => r.status === 'pending').length),
    );
    // One conversation per creator the fan paid.
    expect(await summaryValue(page, 'Conversations')).toBe(String(new Set(rows.map((r) => r.creator.username)).size));

    // Issue 36 §5: each conversation says what became of its newest message, in contracts' one vocabulary.
    const OUTCOME = new RegExp(`^(${Object.values(MESSAGE_OUTCOME_LABELS).join('|')})(: .+)?$`);
    const recent = page.getByRole('link').filter({ has: page.getByText(OUTCOME) });
    expect(await recent.count()).toBeLessThanOrEqual(5);
    const row = (name: string) => recent.filter({ hasText: name });
    expect((await row('Founder').count()) + (await row('Fay Adams').count())).toBeGreaterThan(0);
    for (const [name, status] of [
      [ANSWERED.name, MESSAGE_OUTCOME_LABELS.answered],
      [PENDING.name, MESSAGE_OUTCOME_LABELS.pending],
      [REFUNDED.name, MESSAGE_OUTCOME_LABELS.expired],
    ] as const) {
      if ((await row(name).count()) > 0) expect(await row(name).innerText()).toContain(status);
    }

    await page.goto(browser.url('/billing'));
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/sender-dashboard');
    const list = page.getByTestId('transaction');
    await list.first().waitFor();
    while (await page.getByRole('button', { name: 'Load more' }).isVisible()) {
      await page.getByRole('button', { name: 'Load more' }).click();
      await page.waitForTimeout(500);
    }
    expect(await list.count()).toBe(rows.length);
    const statusOf = async (name: string) => (await list.filter({ hasText: name }).first().innerText()).split('\n');
    // The outcome's word (Hana's message ran out of time), and the money's own words beside the amount.
    expect(await statusOf(ANSWERED.name)).toEqual(expect.arrayContaining(['Answered', 'Charged']));
    expect(await statusOf(PENDING.name)).toEqual(expect.arrayContaining(['Pending', 'On hold']));
    expect(await statusOf(REFUNDED.name)).toEqual(expect.arrayContaining(['Expired', 'Not charged']));
    expect(await statusOf(REFUNDED.name)).not.toContain('Released');
    // The preview is cut to 50 characters and the row links to its conversation.
    const fay = list.filter({ hasText: 'Fay Adams' }).first();
    expect(await fay.getByText(/^=SUM/).innerText()).toBe(`${formula.slice(0, 49)}…`);
    expect(await fay.getByRole('link', { name: 'View conversation' }).getAttribute('href')).toMatch(/^\/messages\//);

    // A released hold's timeline says so, with its dates and amounts.
    const hana = list.filter({ hasText: REFUNDED.name }).first();
    await hana.getByRole('button', { name: 'Details' }).click();
    await hana.getByText(/^Hold released: not charged/).waitFor();
    expect(await hana.innerText()).toContain('Card authorized');
    expect(await hana.innerText()).toContain('you were never charged');

    // The CSV: BOM, one row per transaction, every cell quoted, the formula neutralised.
    const csv = await page.context().request.get(browser.url('/api/billing/export.csv'));
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines.length - 1).toBe(rows.length);
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(lines.find((l) => l.includes('SUM(A1:A9)'))).toContain(`"'=SUM(A1:A9) is how my sheet starts`);
    for (const r of rows) expect(lines.some((l) => l.includes(r.paymentId) && l.includes(`"${r.status}"`))).toBe(true);
    // Issue 36 §5: and the outcome's word, as the page says it.
    for (const r of rows)
      expect(
        lines.some((l) => l.includes(r.paymentId) && l.includes(`"${messageOutcomeText(r.outcome, r.declineReason)}"`)),
      ).toBe(true);
  });

  test('from any page the answer is two clicks away: Messages in the header, then the conversation', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await fanPage(viewport);
      await page.goto(browser.url('/support'));
      await page
        .getByRole('link', { name: /^Messages/ })
        .first()
        .click();
      await page.waitForURL('**/messages');
      await page.getByRole('link').filter({ hasText: ANSWERED.name }).first().click();
      await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
      await page.getByRole('main').getByText(ANSWERED.reply).last().waitFor();
      // The bell is in the header here too, not only on /messages.
      expect(await page.getByRole('button', { name: /^Notifications/ }).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }

    // Or through Dashboard: the sender dashboard's recent conversations open in one click (which
    // five are most recent depends on what other journeys paid for, so any of them will do).
    const page = await fanPage();
    await page.goto(browser.url('/creators'));
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await pastOnboarding(page);
    await page.locator('main a[href^="/messages/"]').first().click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
  });

  test('guests are sent to sign in; a missing conversation returns to the working dashboard', async () => {
    const guest = await browser.page();
    await guest.goto(browser.url('/sender-dashboard'));
    await guest.waitForURL('**/login?returnTo=%2Fsender-dashboard');
    await guest.goto(browser.url('/billing'));
    await guest.waitForURL('**/login?returnTo=%2Fbilling');

    const page = await fanPage();
    await page.goto(browser.url('/messages/00000000-0000-4000-8000-000000000000'));
    await page.getByRole('link', { name: 'Return to dashboard' }).click();
    await page.waitForURL('**/sender-dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
  });
});
