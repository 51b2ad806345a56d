import { AUTH_MESSAGES } from '@fanline/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { uniqueAccount } from '../support/auth';
import { DESKTOP, MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

// Issue 36 point 17 (ux walkthrough #32): /signup had a Cumulative Layout Shift of 0.31 ("Poor"); the
// budget is Google's "good" threshold.
const CLS_BUDGET = 0.1;

interface Shifts {
  /** Sum of the shifts not caused by recent input, as web-vitals counts them (one session window is
   * the whole visit here: it is shorter than 5 s between shifts). */
  cls: number;
  /** Each counted shift and what moved, to say what to fix when the budget is exceeded. */
  entries: string[];
}

/** Records every 'layout-shift' entry from the first paint on (buffered), before the app's code runs. */
async function observeShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { cls: 0, entries: [] as string[] };
    (window as unknown as { __shifts: typeof record }).__shifts = record;
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'gone');
      const text = (node.textContent ?? '').trim().slice(0, 40);
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${String(node.className).slice(0, 40)} "${text}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        record.cls += entry.value;
        record.entries.push(
          `${entry.value.toFixed(3)} at ${Math.round(entry.startTime)} ms: ${entry.sources.map((s) => `${describe(s.node)} y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}`).join(' | ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shifts(page: Page): Promise<Shifts> {
  // A frame later, so that a shift from the last render has been reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  return page.evaluate(() => (window as unknown as { __shifts: Shifts }).__shifts);
}

describe('/signup holds still (issue 36 point 17)', () => {
  for (const [name, viewport] of [
    ['1280 px', DESKTOP],
    ['375 px', MOBILE],
  ] as const) {
    test(`at ${name}: CLS stays within ${CLS_BUDGET} after load, the username hint and the move on to /login`, async () => {
      const page = await browser.page(viewport);
      await observeShifts(page);
      await page.goto(browser.url('/signup'));
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
      await page.waitForLoadState('networkidle');
      const loaded = await shifts(page);
      expect(loaded.cls, `after load:\n${loaded.entries.join('\n')}`).toBeLessThanOrEqual(CLS_BUDGET);

      // The availability hint arrives 500 ms after typing stops plus a request: outside the 500 ms
      // after input that CLS forgives, so whatever it moves counts.
      const account = uniqueAccount('cls');
      await page.getByLabel('Display name').fill(account.displayName);
      await page.getByLabel('Username').pressSequentially(account.username);
      await page.getByText(AUTH_MESSAGES.usernameAvailableHint).waitFor();
      const typed = await shifts(page);
      expect(typed.cls, `after the username hint:\n${typed.entries.join('\n')}`).toBeLessThanOrEqual(CLS_BUDGET);

      // Creating the account takes longer than those 500 ms (the password is hashed), so the page that
      // follows counts for /signup too (web-vitals measures the document): /login must not move what
      // the visitor was looking at (the footer jumped up 300 px at 375 px, CLS 0.17).
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm password').fill(account.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/login');
      await page.getByText(`We sent a confirmation link to ${account.email}`).waitFor();
      await page.waitForLoadState('networkidle');
      const moved = await shifts(page);
      // /login opens at its top, as another document would, not where /signup's button was.
      expect(await page.evaluate(() => scrollY)).toBe(0);
      expect(moved.cls, `after the move on to /login:\n${moved.entries.join('\n')}`).toBeLessThanOrEqual(CLS_BUDGET);
    });
  }
});
