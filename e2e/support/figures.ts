import {
  ACCOUNT_DELETION_GRACE_DAYS,
  DATA_EXPORT_DAYS,
  LIMITS,
  LOCAL_TEST_CARDS,
  MAX_ATTACHMENTS,
  QUICK_SEARCH,
  RECORDS_RETENTION_YEARS,
  REMINDER_THRESHOLDS_HOURS,
  VITALS,
} from '@fanline/contracts';
import type { Locator, Page, Request, Response } from 'playwright-core';
import { expect, test } from 'vitest';
import { signInByApi } from './auth';
import { MOBILE, type setupBrowser } from './browser';
import { payForMessage } from './checkout';

type Browser = ReturnType<typeof setupBrowser>;

/**
 * Issue 25 §2 "Nothing made up": every number in the main content of a page must be one the page's own
 * API answers hold (which the integration tests check against the database: landing counts, ledger
 * sums, billing summary). An invented literal ("127 creators online now", "+12.5% from last month",
 * "Visa ending in 4242") is in no answer, so it fails here.
 */

/** Every number in a JSON answer, and the forms the screens print them in (cents as dollars, one decimal). */
function numbersIn(value: unknown, into: Set<number>): void {
  if (typeof value === 'number') {
    into.add(value);
    into.add(value / 100);
    into.add(Math.round(value * 10) / 10);
    into.add(Math.round(value / 100));
    into.add(Math.round(value));
    // Durations the API sends in seconds, shown in minutes or hours ("Avg Response 4 hours").
    into.add(Math.round(value / 60));
    into.add(Math.round(value / 3600));
    into.add(Math.floor(value / 3600));
  } else if (typeof value === 'string') {
    if (/^-?\d+(\.\d+)?$/.test(value)) numbersIn(Number(value), into);
  } else if (Array.isArray(value)) {
    for (const item of value) numbersIn(item, into);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) numbersIn(item, into);
    // A paged admin list (decision 0028) shows "Page 1 of 4": the page count follows from its answer.
    const { total, limit } = value as { total?: unknown; limit?: unknown };
    if (typeof total === 'number' && typeof limit === 'number' && limit > 0) into.add(Math.ceil(total / limit));
  }
}

const MONTHS =
  'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December';

/** The figures a person reads in `text`: dates, times and relative times are the clock's, not figures. */
export function figuresIn(text: string): string[] {
  const withoutDates = text
    // "Nov 27, 2026" is a date; in "November 2026" the 20 is not a day (it left "26" behind).
    .replace(new RegExp(`\\b(${MONTHS})\\s+\\d{1,2}(?!\\d)(,\\s*\\d{4})?`, 'g'), ' ')
    // "28 November 2026", as the legal pages date themselves.
    .replace(new RegExp(`\\b\\d{1,2}\\s+(${MONTHS})\\b`, 'g'), ' ')
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?\s*(AM|PM)?/gi, ' ')
    .replace(/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, ' ')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ')
    .replace(/\b\d+\s*(seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+ago\b/g, ' ')
    .replace(/\b20\d{2}\b/g, ' ');
  return [...withoutDates.matchAll(/(?<![\w@/.:#-])[-+]?\$?\d[\d,]*(\.\d+)?%?(?![\w:/-])/g)].map((m) => m[0]);
}

/** Every array of `{ date, amount }` days in the answers (the earnings chart's series). */
function dailySeriesIn(values: unknown[]): { amount: number }[][] {
  const found: { amount: number }[][] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      if (
        value.length > 0 &&
        value.every((item) => item && typeof item === 'object' && 'date' in item && typeof item.amount === 'number')
      )
        found.push(value as { amount: number }[]);
      else for (const item of value) visit(item);
    } else if (value && typeof value === 'object') for (const item of Object.values(value)) visit(item);
  };
  for (const value of values) visit(value);
  return found;
}

const figureValue = (figure: string) => Number(figure.replace(/[$,%+]/g, ''));

/** The figures in `scope`'s text, less those of its pictures (aria-hidden, drawn for the eye only). */
async function figuresShownIn(scope: Locator) {
  const text = await scope.innerText();
  // A chart drawn for the eye only (aria-hidden, its data also given as a table) has axis ticks, a
  // scale rather than figures: its text is left out.
  const pictures = await scope
    .locator('[aria-hidden="true"]')
    .evaluateAll((elements) =>
      elements.map((element) =>
        element instanceof HTMLElement
          ? element.innerText
          : Array.from(element.querySelectorAll('text'), (t) => t.textContent ?? '').join('\n'),
      ),
    );
  const figures = figuresIn(text);
  for (const figure of pictures.flatMap((picture) => figuresIn(picture))) {
    const at = figures.indexOf(figure);
    if (at >= 0) figures.splice(at, 1);
  }
  return { text, figures };
}

/**
 * The page's /api requests in flight (the event stream aside: it stays open). `quiet` resolves once none
 * has been in flight for 400 ms, or after 5 s: the answers a page reads on its own have arrived.
 */
function apiActivity(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (!request.url().includes('/api/') || request.url().endsWith('/api/events')) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet() {
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < 400))
        await page.waitForTimeout(100);
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

/**
 * Opens `path`, records every /api answer the page reads, and returns the figures left unexplained in
 * the main content and in any dialog the page opens by itself (a welcome, a review prompt), which it
 * reads and then closes. `dialogs` holds what those dialogs said.
 */
export async function unexplainedFigures(browser: Browser, page: Page, path: string, extra: readonly number[] = []) {
  const known = new Set<number>(extra);
  const reads: Promise<void>[] = [];
  const bodies: unknown[] = [];
  const record = (response: Response) => {
    if (!response.url().includes('/api/') || !response.headers()['content-type']?.includes('json')) return;
    reads.push(
      response
        .json()
        .then((body) => {
          bodies.push(body);
          numbersIn(body, known);
        })
        .catch(() => {}),
    );
  };
  page.on('response', record);
  const network = apiActivity(page);
  await page.goto(browser.url(path));
  // Not by role: a modal dialog that opens by itself hides the rest of the page from the accessibility tree.
  await page.locator('main').waitFor();
  // Signed-in pages keep the live event stream open, so the network never goes idle: wait for the
  // skeletons to go and the answers to settle instead.
  await page.waitForFunction(() => !document.querySelector('main [class*="animate-pulse"]'), undefined, {
    timeout: 15_000,
  });
  await network.quiet();
  network.stop();
  // A server-rendered page carries its first answers in the page (decision 0020): read them too.
  // Read at once: a locator would wait its full timeout on the pages that have no such script.
  const state = await page.evaluate(() => document.getElementById('fanline-state')?.textContent ?? null);
  if (state) numbersIn(JSON.parse(state), known);
  page.off('response', record);
  await Promise.all(reads);
  const dialogs: string[] = [];
  const figures: string[] = [];
  for (let open = page.getByRole('dialog'); (await open.count()) > 0; ) {
    const shown = await figuresShownIn(open.first());
    dialogs.push(shown.text);
    figures.push(...shown.figures);
    await page.keyboard.press('Escape');
    await open.first().waitFor({ state: 'detached' });
  }
  const main = await figuresShownIn(page.getByRole('main'));
  const text = [...dialogs, main.text].join('\n');
  figures.push(...main.figures);
  // The bell's badge caps its count at "9+".
  if (text.includes('9+')) known.add(9);
  // Earnings: "$81.25 more to reach the $100 minimum" is the minimum less an amount the API sent.
  // The chart's caption counts the days of the API's daily series that have earnings ("14 of 30 days").
  if (path === '/dashboard/earnings') {
    for (const value of [...known]) known.add((LIMITS.minimumPayoutCents - value) / 100);
    for (const days of dailySeriesIn(bodies)) known.add(days.filter((day) => day.amount > 0).length);
  }
  const unexplained = figures.filter((figure) => !known.has(figureValue(figure)));
  if (unexplained.length > 0) console.log(`figures on ${path} not in any API answer:`, unexplained, text);
  return { figures, unexplained, dialogs };
}

// Issue 36 deliverable: every screen with a number, for every role. A figure on any of them that no
// /api answer of the page holds (a seeded literal, a fallback such as the old 98%) fails the test.
// Policy rules the product states rather than measures (decision 0023 "Not changed"), each named
// with its source, on the page that states it; the landing's "How it works" steps are ordinals.
export const RULES: Record<string, readonly number[]> = {
  '/': [1, 2, 3],
  // The legal pages number their sections ("4. How long we keep it"): ordinals.
  // They also state rules of the product (contracts), not settings: the not-an-answer window, and how
  // long page-speed totals are kept.
  '/terms': [1, 2, 3, 4, 5, 6, 7, LIMITS.notAnAnswerWindowHours],
  // … how long a data export's download works (decision 0057), and a closed account's grace and how long
  // payment records are kept without the person (decision 0058).
  '/privacy': [
    1,
    2,
    3,
    4,
    5,
    6,
    LIMITS.notAnAnswerWindowHours,
    VITALS.retentionDays,
    DATA_EXPORT_DAYS,
    ACCOUNT_DELETION_GRACE_DAYS,
    RECORDS_RETENTION_YEARS,
  ],
  '/refund-policy': [1, 2, 3, 4, 5, 6, LIMITS.notAnAnswerWindowHours],
  '/creators': [QUICK_SEARCH.minChars],
  // The payout minimum, and the fixed periods the page sums ("Last 7 days", "Last 30 days").
  '/dashboard/earnings': [LIMITS.minimumPayoutCents / 100, 7, 30],
  // The new creator's checklist counts its four steps ("1 of 4 done": price, photo, payout, share link).
  '/dashboard/messages': [4],
  // An open conversation's reply box states the reply's minimum length and the images' limits
  // ("Minimum 10 characters required", "Up to 3 images (… 5 MB each)").
  '/dashboard/messages/:newest': [LIMITS.response.min, MAX_ATTACHMENTS, LIMITS.imageBytes.max / 1024 / 1024],
  '/messages/:newest': [LIMITS.response.min, MAX_ATTACHMENTS, LIMITS.imageBytes.max / 1024 / 1024],
  // "Close account" says how long the person has to change their mind (decision 0058).
  '/dashboard/settings?tab=security': [ACCOUNT_DELETION_GRACE_DAYS],
  '/profile?tab=security': [ACCOUNT_DELETION_GRACE_DAYS],
  // The creator's reminder switch says when reminders come ("12, 4 and 1 hours left").
  '/dashboard/settings?tab=notifications': [...REMINDER_THRESHOLDS_HOURS],
  // The test checkout names its test cards ("Test card 4242 4242 4242 4242 succeeds"): their digits.
  '/checkout/:started': Object.values(LOCAL_TEST_CARDS).flatMap((card) =>
    (card.match(/\d{4}/g) ?? []).map((group) => Number(group)),
  ),
};
// A page whose address holds an id: the newest conversation in the signed-in user's own list
// (GET /api/conversations), opened the way its row links to it; none in the list, nothing to open.
export const conversation = (base: '/messages' | '/dashboard/messages') => ({
  label: `${base}/:newest`,
  resolve: async (page: Page, url: (pathname: string) => string) => {
    const list = await (await page.request.get(url('/api/conversations'))).json();
    const newest = list.conversations[0]?.lastMessageId as string | undefined;
    return newest ? `${base}/${newest}` : null;
  },
});
/** The test checkout of a message the fan starts to `creator` now, left unpaid. */
export const checkout = (creator: string) => ({
  label: '/checkout/:started',
  resolve: async (page: Page, url: (pathname: string) => string) => {
    const profile = await (await page.request.get(url(`/api/profiles/${creator}`))).json();
    const started = await page.request.post(url('/api/checkout'), {
      data: { recipientId: profile.id, messageContent: 'Which figures does this page show, and where from?' },
    });
    expect(started.status(), await started.text()).toBe(200);
    return new URL((await started.json()).url, url('/')).pathname;
  },
});
/** The receipt of a message the fan pays `creator` for now, as the checkout sends them to it. */
export const paymentSuccess = (creator: string) => ({
  label: '/payment-success?payment=:paid',
  resolve: async (page: Page, url: (pathname: string) => string) => {
    const profile = await (await page.request.get(url(`/api/profiles/${creator}`))).json();
    const paymentId = await payForMessage(page.request, url, String(profile.id), 'And the receipt: which figures?');
    return `/payment-success?payment=${paymentId}`;
  },
});
const ALWAYS_FIGURES = new Set([
  '/admin/dashboard',
  '/admin/users',
  '/admin/messages',
  '/admin/transactions',
  '/admin/moderation',
  '/dashboard/earnings',
  // The amount the fan pays, or paid.
  '/checkout/:started',
  '/payment-success?payment=:paid',
]);
type Screen =
  | string
  | { label: string; resolve: (page: Page, url: (pathname: string) => string) => Promise<string | null> };

/** One role's screens: who signs in (no one for a visitor) and the pages they read. */
export interface RoleScreens {
  role: string;
  account?: { email: string; password: string };
  paths: Screen[];
}

/**
 * The welcome dialog shows on the fan's first visit only, and which journey makes the demo fan's
 * first visit varies. So the dashboard's answer is read with its "show the welcome" flag set, every
 * figure left as the server sent it, and the dialog's "seen" call is answered here rather than
 * recorded: the dialog is checked on every run and the demo fan's own first visit is left alone.
 */
async function alwaysWelcome(page: Page) {
  await page.route('**/api/sender/dashboard', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ status: response.status(), json: { ...(await response.json()), showOnboarding: true } });
  });
  await page.route('**/api/sender/onboarding/dismiss', (route) => route.fulfill({ status: 204 }));
}

/**
 * Issue 36: every figure `role` reads on `paths`, at 1280 and 375 px, is in one of the page's API
 * answers (or a rule in RULES). One test per role; each role's file runs beside the others.
 */
export function figuresOfRole(browser: Browser, { role, account, paths }: RoleScreens): void {
  const labels = paths.map((path) => (typeof path === 'string' ? path : path.label));
  // A page takes a few seconds, several times that on a loaded machine: the limit grows with the list.
  const timeout = Math.max(240_000, paths.length * 40_000);
  test(
    `every figure a ${role} reads comes from an API answer (${labels.join(', ')})`,
    async () => {
      for (const viewport of [undefined, MOBILE]) {
        const page = await browser.page(viewport);
        if (account) await signInByApi(page.context(), browser.url('/'), account);
        if (paths.includes('/sender-dashboard')) await alwaysWelcome(page);
        for (const screen of paths) {
          const path = typeof screen === 'string' ? screen : await screen.resolve(page, browser.url);
          if (path === null) continue;
          const label = typeof screen === 'string' ? screen : screen.label;
          const rules = RULES[label] ?? [];
          const { figures, unexplained, dialogs } = await unexplainedFigures(browser, page, path, rules);
          expect(
            unexplained,
            `${role} at ${viewport?.width ?? 1280} px: figures on ${path} not in any API answer (all: ${figures.join(' ')})`,
          ).toEqual([]);
          // A page that always has figures must show some: an empty or broken page passes nothing.
          if (ALWAYS_FIGURES.has(label)) expect(figures.length, `${role}: ${path} shows figures`).toBeGreaterThan(0);
          if (path === '/sender-dashboard') {
            // The welcome dialog states the live response window, not a "24 hours" written in the page.
            const config = await (await page.request.get(browser.url('/api/payments/config'))).json();
            expect(dialogs.join('\n')).toContain(`A reply within ${config.responseWindowHours} hours`);
          }
        }
        await page.close();
      }
    },
    timeout,
  );
}
