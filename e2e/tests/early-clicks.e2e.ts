// runs-long: 75 s (30 page loads at 6x CPU, one after another, each at full speed once clicked)
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_FAN, signInByApi, submitLogin } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { throttleCpu } from '../support/main-thread';

// Issue 35 point 5: no dead clicks. With the CPU slowed 6× (a slow phone), each primary control of
// the landing page, Discover, a profile and sign-in is used the moment it appears, before the page's
// code has hydrated it: 20 of 20 must do what they say. Before the fix, 2 of 5 clicks on "Message @…"
// and 1 of 5 landing searches were lost.
const SLOWDOWN = 6;
const ROUNDS = 5;

const browser = setupBrowser();

/**
 * A slowed page, opened without waiting for hydration (the harness's goto waits; a frame's does not).
 * `fullSpeed` ends the slowdown: called once the early click or choice has reached the page (Playwright's
 * click returns when the page has handled the input). Whether that input was caught or lost is settled
 * by then; what follows only checks its outcome (docs/testing.md, "No dead clicks", has the cost).
 */
async function openAtOnce(path: string, signedIn = false): Promise<Page & { fullSpeed(): Promise<void> }> {
  const context = await browser.context();
  context.setDefaultTimeout(45_000);
  if (signedIn) await signInByApi(context, browser.url(''));
  const page = await context.newPage();
  const fullSpeed = await throttleCpu(page, SLOWDOWN);
  page.setDefaultTimeout(45_000);
  await page.mainFrame().goto(browser.url(path), { waitUntil: 'commit' });
  return Object.assign(page, { fullSpeed });
}

const creator = DEMO_ACCOUNTS.creator.username;

test('a server-rendered page carries the early-click script, and its policy allows that script alone', async () => {
  const response = await fetch(browser.url('/'));
  const html = await response.text();
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  expect(inline).toHaveLength(1);
  expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<div id="root">'));
  const hash = createHash('sha256')
    .update(inline[0] ?? '')
    .digest('base64');
  const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
});

test(`at ${SLOWDOWN}× CPU, ${ROUNDS * 4} clicks made the moment each control appears all do what they say`, async () => {
  const outcomes: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // The landing page's search, typed and sent at once: Discover lists what was searched.
    const landing = await openAtOnce('/');
    await landing.getByRole('combobox', { name: 'Search creators' }).fill(creator);
    await landing.getByRole('button', { name: 'Search', exact: true }).click();
    await landing.fullSpeed();
    await landing.waitForURL((url) => url.pathname === '/creators' && url.searchParams.get('search') === creator);
    await landing.getByRole('list', { name: 'Creators' }).getByText(`@${creator}`).waitFor();
    outcomes.push(`round ${round}: landing search`);
    await landing.close();

    // Discover's Filters button opens the filters.
    const discover = await openAtOnce('/creators');
    await discover.getByRole('button', { name: 'Filters' }).click();
    await discover.fullSpeed();
    await discover.getByRole('dialog', { name: 'Filters' }).waitFor();
    outcomes.push(`round ${round}: Discover filters`);
    await discover.close();

    // A signed-in fan's "Message @…" on a profile opens the message dialog.
    const profile = await openAtOnce(`/${creator}`, true);
    await profile.getByRole('button', { name: `Message @${creator}`, exact: true }).click();
    await profile.fullSpeed();
    await profile.getByRole('dialog', { name: new RegExp(`Send message to @${creator}`) }).waitFor();
    outcomes.push(`round ${round}: profile message`);
    await profile.close();

    // Sign-in: the form signs the fan in (the header greets them).
    const login = await openAtOnce('/login');
    await submitLogin(login, DEMO_FAN.email, DEMO_FAN.password);
    await login.fullSpeed();
    await login.getByRole('banner').getByText(`Welcome, ${DEMO_ACCOUNTS.fan.displayName}`).waitFor();
    outcomes.push(`round ${round}: sign in`);
    await login.close();
  }
  expect(outcomes).toHaveLength(ROUNDS * 4);
}, 600_000);

test(`at ${SLOWDOWN}× CPU, Discover's "Sort by" chosen the moment it appears sorts the list`, async () => {
  // What the API lists first under "Newest Creators", and that it is not first under the default order.
  const firstOf = async (query: string) => {
    const response = await fetch(browser.url(`/api/creators?${query}`));
    const body = (await response.json()) as { creators: { username: string }[] };
    return body.creators.map((c) => c.username);
  };
  const [newest] = await firstOf('sort=new');
  expect((await firstOf('sort=response_rate_desc'))[0]).not.toBe(newest);
  const sorted: string[] = [];
  let held = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const discover = await openAtOnce('/creators');
    const sortBy = discover.getByRole('combobox', { name: 'Sort by' });
    const entries = await discover.evaluate(() => window.history.length);
    await sortBy.selectOption('new');
    // Held for React (the script marks it busy) when the page's code had not hydrated it yet.
    if ((await sortBy.getAttribute('aria-busy')) === 'true') held++;
    await discover.fullSpeed();
    // The choice goes into the address (spec §2: the URL holds the filters), the list box keeps it and
    // the list is in the new order.
    await discover.waitForURL((url) => url.searchParams.get('sort') === 'new');
    await discover
      .getByRole('list', { name: 'Creators' })
      .getByRole('listitem')
      .first()
      .getByText(`@${newest}`)
      .waitFor();
    await expect.poll(() => sortBy.inputValue()).toBe('new');
    // Applied once: one history entry for the choice (Back returns to the page as it came).
    expect(await discover.evaluate(() => window.history.length)).toBe(entries + 1);
    sorted.push(`round ${round}`);
    await discover.close();
  }
  expect(sorted).toHaveLength(ROUNDS);
  // At 6x CPU the choice comes before hydration at least once (in every round when measured).
  expect(held).toBeGreaterThan(0);
}, 300_000);
