import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MESSAGE_MESSAGES, type TBrowseResponse } from '@fanline/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_FAN, demoCreator, signInByApi, signUpConfirmed, uniqueAccount } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { payForMessage } from '../support/checkout';
import { CPU_SLOWDOWN, recordLongTasks, throttleCpu, waitUntilQuiet } from '../support/main-thread';

// Issue 28 acceptance: the Interaction to Next Paint of the main interactions stays within 200 ms
// (web.dev's "good") with the CPU slowed 4×. Measured by the web-vitals library (pinned in
// e2e/package.json, the version the app reports with), its attribution build, so a failure names the
// element and splits the time into input delay, processing and presentation.
const INP_BUDGET_MS = 200;

const browser = setupBrowser();

// The IIFE build defines `webVitals` on the page; the package exports only its module builds, so the
// file is found beside the one `require` resolves.
const WEB_VITALS = fs.readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.attribution.iife.js'),
  'utf8',
);

interface InpReport {
  value: number;
  target: string;
  type: string;
  inputDelay: number;
  processingDuration: number;
  presentationDelay: number;
  loadState: string;
  /** The longest script of the interaction's frames (Long Animation Frames), and the frames' totals. */
  script: string;
  scriptMs: number;
  layoutMs: number;
}

interface EventEntry {
  id: number;
  event: string;
  target: string;
  duration: number;
}

declare global {
  interface Window {
    __inp?: InpReport[];
    __interactions?: EventEntry[];
  }
}

/** Each interaction's latency: its longest event entry, as INP counts it. */
function interactionsOf(entries: EventEntry[]): string {
  const byId = new Map<number, EventEntry>();
  for (const entry of entries) {
    const seen = byId.get(entry.id);
    if (!seen || entry.duration > seen.duration) byId.set(entry.id, entry);
  }
  return [...byId.values()].map((e) => `${e.target} (${e.event}) ${Math.round(e.duration)} ms`).join(', ');
}

// Every increase of the page's INP is kept (reportAllChanges). durationThreshold 16 (the least the
// library takes) reports interactions of one frame or more, not only those over its default 40 ms.
// Targets are named by role and accessible name, which say more than the default CSS selector of
// utility classes. Each interaction's own latency is kept too, from the same Event Timing entries the
// library reads: INP is the page's worst, and a journey that opens a panel before ticking a box in it
// needs to see which of the two was slow.
const RECORD_INP = `${WEB_VITALS};
(() => {
const describe = (node) => {
  const el = node instanceof Element ? node.closest('button, a, input, label, [role]') || node : null;
  if (!el) return '';
  const name = (el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].textContent) || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
  return (el.getAttribute('role') || el.localName) + ' "' + name + '"';
};
window.__inp = [];
window.__interactions = [];
webVitals.onINP((metric) => {
  const a = metric.attribution;
  window.__inp.push({
    value: metric.value, target: a.interactionTarget || '', type: a.interactionType || '',
    inputDelay: a.inputDelay, processingDuration: a.processingDuration,
    presentationDelay: a.presentationDelay, loadState: a.loadState,
    script: a.longestScript ? a.longestScript.entry.invoker + ' (' + a.longestScript.entry.sourceURL.split('/').pop() +
      ' ' + (a.longestScript.entry.sourceFunctionName || '') + ') ' + Math.round(a.longestScript.intersectingDuration) +
      ' ms in ' + a.longestScript.subpart : '',
    scriptMs: a.totalScriptDuration || 0, layoutMs: a.totalStyleAndLayoutDuration || 0,
  });
}, { reportAllChanges: true, durationThreshold: 16, generateTarget: describe });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.interactionId) continue;
    window.__interactions.push({ id: e.interactionId, event: e.name, target: describe(e.target), duration: e.duration });
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

/**
 * A person's click: the pointer arrives on the element, rests there a moment, and presses. Not
 * `locator.click()`: between arriving and pressing it runs its actionability checks inside the page
 * (hit testing, text matching), main-thread work no person's click comes with, which at 4× CPU was
 * measured as up to 150 ms of the click's input delay. The box is read before the pointer moves.
 */
const POINTER_REST_MS = 300;
async function personClick(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to click has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(POINTER_REST_MS);
  await page.mouse.down();
  await page.mouse.up();
}

/** A page slowed 4×, with INP and long tasks recorded from its first script on. */
async function measuredPage(account?: { email: string; password: string }): Promise<Page> {
  const context = await browser.context();
  if (account) await signInByApi(context, browser.url('/'), account);
  const page = await context.newPage();
  await page.addInitScript({ content: RECORD_INP });
  await recordLongTasks(page);
  await throttleCpu(page);
  return page;
}

/**
 * The page's INP after the interaction under test. The library reports INP once the interaction's
 * Event Timing entry arrives (after the next paint); if none came, the page is made hidden, which
 * makes it report the final value (README: "callback is always called when the page's visibility
 * state changes to hidden").
 */
async function inpAfterInteraction(page: Page, what: string): Promise<InpReport> {
  const reported = () => page.evaluate(() => window.__inp?.length ?? 0);
  await expect
    .poll(reported, { timeout: 3_000 })
    .toBeGreaterThan(0)
    .catch(() => {});
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const { reports, interactions } = await page.evaluate(() => ({
    reports: window.__inp ?? [],
    interactions: window.__interactions ?? [],
  }));
  const inp = reports.at(-1);
  // No report at all means no interaction was measured: the test must not pass on nothing.
  expect(inp, `${what}: web-vitals reported no INP`).toBeDefined();
  if (!inp) throw new Error('unreachable');
  const split = (r: InpReport) =>
    `${Math.round(r.value)} ms on ${r.target || '(removed element)'} [${r.type}, ${r.loadState}]: input delay ${Math.round(r.inputDelay)} + processing ${Math.round(r.processingDuration)} + presentation ${Math.round(r.presentationDelay)} ms; script ${Math.round(r.scriptMs)} ms, style and layout ${Math.round(r.layoutMs)} ms; longest script ${r.script || 'none'}`;
  console.log(
    `INP ${what} at ${CPU_SLOWDOWN}× CPU: ${reports.map(split).join(' | ')}\n  each interaction: ${interactionsOf(interactions)}`,
  );
  return inp;
}

// No retries (issue 35). A measurement taken while another journey's browser and server held the CPU
// was the machine's, not the page's (the reply measured 88 ms alone and 264 ms once in CI, when two
// files ran at once); this file now runs after every other journey, alone (e2e/vitest.config.ts).
describe(`INP of the main interactions at ${CPU_SLOWDOWN}× CPU slowdown (issue 28)`, () => {
  // On main 2806388 (locator clicks, a crowded machine): 72-576 ms in five runs, the slow ones the
  // click's processing. Decision 0037 (dialog code on intent, its zod after it opens): 72 ms.
  test("a signed-in fan opens the message dialog on a creator's profile", async () => {
    const creator = DEMO_ACCOUNTS.creator.username;
    const page = await measuredPage(DEMO_FAN);
    await page.goto(browser.url(`/${creator}`));
    await waitUntilQuiet(page);
    await personClick(page, page.getByRole('button', { name: `Message @${creator}`, exact: true }));
    await page
      .getByRole('dialog', { name: new RegExp(`Send message to @${creator}`) })
      .getByLabel('Your message')
      .waitFor();
    const inp = await inpAfterInteraction(page, 'open the message dialog');
    expect(inp.value).toBeLessThanOrEqual(INP_BUDGET_MS);
  });

  // On main 2806388: opening the Filters popover 664-1328 ms in five runs, the tick itself 136-472 ms.
  // Decision 0037 (the popover's layer on intent, the switch re-renders alone, the list after the
  // paint): opening 40-72 ms, the tick 64 ms.
  test('a visitor ticks a Discover filter', async () => {
    const page = await measuredPage();
    await page.goto(browser.url('/creators'));
    await waitUntilQuiet(page);
    await personClick(page, page.getByRole('button', { name: 'Filters' }));
    const verified = page.getByRole('dialog', { name: 'Filters' }).getByRole('switch', { name: 'Verified only' });
    await personClick(page, verified);
    // Applied: the switch, the URL and the list all follow (the list is what the API lists for it).
    expect(await verified.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.get('verified')).toBe('true');
    const expected = (await (await fetch(browser.url('/api/creators?verified=true'))).json()) as TBrowseResponse;
    const grid = page.getByRole('list', { name: 'Creators' });
    await expect
      .poll(() => grid.getByRole('article').evaluateAll((cards) => cards.map((c) => c.querySelector('p')?.textContent)))
      .toEqual(expected.creators.map((c) => `@${c.username}`));
    const inp = await inpAfterInteraction(page, 'tick a Discover filter');
    expect(inp.value).toBeLessThanOrEqual(INP_BUDGET_MS);
  });

  // On main 2806388 (locator clicks): 232-392 ms in three runs; with a person's click (no actionability
  // checks in the page between arriving and pressing) 88 ms. Sign-up, mail and payment first make it
  // the slowest test here (81 s once on the crowded shared machine).
  test('a creator sends a reply', async () => {
    // A fan of its own pays pixelpete, whose figures no other journey checks (demo-conversations.ts).
    const fanContext = await browser.context();
    // Not slowed, but it shares the machine with the slowed pages: the harness's 10 s is tight.
    fanContext.setDefaultTimeout(30_000);
    await signUpConfirmed(fanContext, browser.url, uniqueAccount('inp_fan'), 'customer');
    const profile = await (await fanContext.request.get(browser.url('/api/profiles/pixelpete'))).json();
    const question = `Which lens should I buy for street photos? (ref_${randomBytes(3).toString('hex')})`;
    await payForMessage(fanContext.request, browser.url, profile.id, question);

    const page = await measuredPage(demoCreator('pixelpete'));
    await page.goto(browser.url('/dashboard/messages'));
    const row = page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: question });
    // Opened by its address, so the send is the only interaction on the page that INP covers.
    await page.goto(browser.url((await row.getAttribute('href')) ?? ''));
    await page.getByText('Pending Response').first().waitFor();
    const reply = `A light prime is all you need for the street (ref_${randomBytes(3).toString('hex')}).`;
    await page.getByLabel('Your response').fill(reply);
    await waitUntilQuiet(page);
    await personClick(page, page.getByRole('button', { name: 'Send Response' }));
    await page.getByText(MESSAGE_MESSAGES.responseSent).waitFor();
    await page.getByRole('list', { name: 'Messages' }).getByText(reply).waitFor();
    const inp = await inpAfterInteraction(page, 'send a reply');
    expect(inp.value).toBeLessThanOrEqual(INP_BUDGET_MS);
  }, 120_000);
});
