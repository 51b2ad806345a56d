// runs-long: 45 s (a server of its own, seeded from scratch)
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatCents, VERIFICATION_MESSAGES } from '@fanline/contracts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';
import { fillSignup, uniqueAccount } from '../support/auth';
import { DESKTOP, MOBILE, sendOriginFromApiCalls, waitForHydration } from '../support/browser';
import { ARGS, CHROMIUM } from '../support/chromium';
import { freePort } from '../support/free-port';

/**
 * Issue 25 acceptance: "On `npm start` as a new user, a new creator signs up, completes the labelled
 * simulated verification, sets a price, and a fan pays them". The shared e2e servers have a Threads app
 * (the OAuth stand-in), where the simulation rightly does not exist; so this file starts the demo the
 * way `npm start` does after its build: scripts/serve.mjs with no NODE_ENV, no Threads app and no
 * SMTP. Demo data is left out (SEED_DEMO_DATA=false): nobody here needs it, and seeding is most of a
 * first start (so the super admin is named instead). Everyone in these journeys is brand new.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

let demo: ChildProcess | undefined;
let dataDir = '';
let baseUrl = '';
let browser: Browser | undefined;
const url = (pathname: string) => new URL(pathname, baseUrl).toString();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-demo-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'false',
    // Without the demo data a production server needs its super admin named (the demo seeds one).
    ADMIN_EMAIL: 'admin@demo-onboarding.test',
    ADMIN_PASSWORD: 'demo-onboarding-admin-password',
    LOG_LEVEL: 'warn',
    AUTH_IP_LIMIT: '1000',
  };
  // Exactly what a person gets from `npm start`: no NODE_ENV (vitest sets one), nothing configured.
  for (const name of [
    'NODE_ENV',
    'DATABASE_URL',
    'DEMO_MODE',
    'ALLOW_TEST_PAYMENTS',
    'THREADS_CLIENT_ID',
    'THREADS_CLIENT_SECRET',
    'SMTP_URL',
    'STRIPE_SECRET_KEY',
    'INSTAGRAM_LOOKUP_URL',
  ]) {
    delete env[name];
  }
  const log = fs.createWriteStream(path.join(ROOT, 'e2e/artifacts/demo-onboarding.log'));
  demo = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/serve.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  demo.stdout?.on('data', keep);
  demo.stderr?.on('data', keep);
  // Migrating a fresh embedded database on a busy shared machine can take minutes (as in e2e/setup).
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (demo.exitCode !== null) throw new Error(`the demo server exited (${demo.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the demo server did not start:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // It says loudly that it is a demo whose verification checks nothing.
  expect(output).toContain('DEMO_MODE=true: this server is a DEMO');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (demo && demo.exitCode === null) {
    const exited = new Promise((resolve) => demo?.once('exit', resolve));
    demo.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freshPage(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  sendOriginFromApiCalls(context, baseUrl);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

async function signUpThroughForm(page: Page, account: ReturnType<typeof uniqueAccount>, type: 'Fan' | 'Creator') {
  await page.goto(url('/signup'));
  await waitForHydration(page);
  // The radios are visually hidden inside their cards: click the card, as a person does.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: new RegExp(`^${type}`) }) })
    .click();
  expect(await page.getByRole('radio', { name: new RegExp(`^${type}`) }).isChecked()).toBe(true);
  await fillSignup(page, account);
  await page.getByText('Username is available').waitFor();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

describe('the demo, as `npm start` serves it (issue 25 acceptance)', () => {
  test('the server offers the simulated verification', async () => {
    const config = await (await fetch(url('/api/verification/threads/config'))).json();
    expect(config.mode).toBe('simulated');
  });

  test('a new creator signs up, passes the labelled simulated verification, sets a price, and a new fan pays them', async () => {
    // The creator signs up (no mail on this server, so straight on) and reaches step 2.
    const creator = await freshPage();
    const account = uniqueAccount('demo');
    await signUpThroughForm(creator.page, account, 'Creator');
    await creator.page.getByRole('heading', { name: 'Verify your Threads account' }).waitFor();

    // The simulation says what it is before anyone clicks, and its button says it too.
    await creator.page.getByText('Simulation: not a real Threads verification').waitFor();
    await creator.page.getByText('nothing is checked and no request goes to Threads').waitFor();
    expect(await creator.page.getByText(VERIFICATION_MESSAGES.threadsUnavailable).count()).toBe(0);
    await creator.page.getByRole('button', { name: 'Verify with Threads (simulation)' }).click();
    await creator.page.waitForURL('**/dashboard/settings', { timeout: 15_000 });
    await creator.page.getByText(`Verified on Threads as @${account.username}`).waitFor();

    // The price: $40 instead of the default.
    await creator.page.getByRole('tab', { name: 'Pricing' }).click();
    await creator.page.getByLabel('Message price (USD)').fill('40');
    await creator.page.getByRole('button', { name: 'Save Changes' }).click();
    await creator.page.getByText('Settings saved').first().waitFor();

    // A brand-new fan signs up ("Fan", as the rest of the product says) and pays with the test card.
    const fan = await freshPage();
    const fanAccount = uniqueAccount('fan');
    await signUpThroughForm(fan.page, fanAccount, 'Fan');
    await fan.page.waitForURL((u) => u.pathname !== '/signup' && u.pathname !== '/login');
    await fan.page.goto(url(`/${account.username}`));
    await waitForHydration(fan.page);
    const price = formatCents(4000);
    await fan.page.getByRole('button', { name: `Message @${account.username}`, exact: true }).click();
    const dialog = fan.page.getByRole('dialog', { name: new RegExp(`Send message to @${account.username}`) });
    await dialog.getByLabel('Your message').fill('Hello! What is the one tip you would give a beginner?');
    await dialog.getByRole('button', { name: `Send & Pay ${price}` }).click();
    await fan.page.waitForURL('**/checkout/**');
    await fan.page.getByText('Test payment — no real card is charged').waitFor();
    await fan.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fan.page.getByLabel('Expiry').fill('12 / 30');
    await fan.page.getByLabel('CVC').fill('123');
    await fan.page.getByLabel('Name on card').fill('New Fan');
    await fan.page.getByRole('button', { name: /^Pay \$/ }).click();
    await fan.page.getByRole('heading', { name: 'Message sent' }).waitFor();
    // The result page looks the payment up (issue 36 §3): the amount and the creator, held or paid.
    const summary = await fan.page.getByTestId('payment-summary').innerText();
    expect(summary).toContain(price);
    expect(summary).toContain(`@${account.username}`);

    // The creator has it.
    await creator.page.goto(url('/dashboard/messages'));
    await creator.page.getByText(fanAccount.displayName).first().waitFor();
  });

  test('the setup modal says when the profile link goes live and does not link to it before', async () => {
    const { context, page } = await freshPage(MOBILE);
    const account = uniqueAccount('modal');
    const signUp = await context.request.post(url('/api/auth/sign-up'), {
      data: { ...account, intendedAccountType: 'creator' },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);

    await page.goto(url('/dashboard/settings'));
    const dialog = page.getByRole('dialog', { name: 'Complete your creator setup' });
    await dialog.getByText(url(`/${account.username}`)).waitFor();
    await dialog.getByText('your profile goes live at this address once you finish setup').waitFor();
    expect(await dialog.locator(`a[href$="/${account.username}"]`).count()).toBe(0);
    await dialog.getByText('Simulation: not a real Threads verification').waitFor();

    // Indeed not live yet; after setup it is.
    const visitor = await freshPage();
    await visitor.page.goto(url(`/${account.username}`));
    await visitor.page.getByText('Profile Not Found').waitFor();
    await dialog.getByRole('button', { name: 'Verify with Threads (simulation)' }).click();
    await page.waitForURL('**/dashboard/settings');
    await page.getByText(`Verified on Threads as @${account.username}`).waitFor();
    await visitor.page.reload();
    await visitor.page.getByText(`@${account.username}`).first().waitFor();
    expect(await visitor.page.getByText('Profile Not Found').count()).toBe(0);
  });
});
