import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type StripeStandIn, signStripeEvent, startStripeStandIn } from '@fanline/server/testing/stripe';
import { type APIRequestContext, type Browser, chromium, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';
import { uniqueAccount } from '../support/auth';
import { axeViolations, describeViolations } from '../support/axe';
import { DESKTOP, MOBILE } from '../support/browser';
import { ARGS, CHROMIUM } from '../support/chromium';
import { freePort } from '../support/free-port';

/**
 * Issue 37 gap 2, decision 0054: a chargeback appears on Admin › Disputes with its deadline, and the
 * admin's answer reaches Stripe. The shared e2e servers run the built-in provider, which has no
 * disputes, so this file starts the built server of its own against the Stripe stand-in (in this
 * process, so the journey plays the card network: pays, disputes) and delivers Stripe's signed events
 * to its webhook as Stripe would. The fan, the creator and the paid, answered message are made through
 * the HTTP API; the admin's part is in the browser.
 */
/** Stripe's event, as the stand-in makes it (the e2e package does not depend on the SDK). */
type StripeEvent = ReturnType<StripeStandIn['disputeUpdated']>;

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET_KEY = 'sk_test_fanline_e2e_disputes';
const WEBHOOK_SECRET = 'whsec_fanline_e2e_disputes';
const ADMIN = { email: 'admin@disputes-journey.test', password: 'disputes-journey-admin-password' };

let standIn: StripeStandIn;
let server: ChildProcess | undefined;
let browser: Browser | undefined;
let dataDir = '';
let baseUrl = '';
const clients: APIRequestContext[] = [];
const url = (pathname: string) => new URL(pathname, baseUrl).toString();

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-disputes-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO_DATA: 'false',
    // The labelled simulated verification, so a creator can be set up without Threads.
    DEMO_MODE: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: `${WEBHOOK_SECRET}_connect`,
    STRIPE_API_URL: standIn.url,
    LOG_LEVEL: 'warn',
    AUTH_IP_LIMIT: '1000',
  };
  for (const name of ['SMTP_URL', 'THREADS_CLIENT_ID', 'THREADS_CLIENT_SECRET', 'ALLOW_TEST_PAYMENTS'])
    delete env[name];
  fs.mkdirSync(path.join(ROOT, 'e2e/artifacts'), { recursive: true });
  const log = fs.createWriteStream(path.join(ROOT, 'e2e/artifacts/admin-disputes-stripe.log'));
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    const ok = await fetch(url('/api/health')).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
}, 300_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await standIn?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** An HTTP client with its own cookies, sending the Origin the server checks on mutations. */
async function client() {
  const c = await request.newContext({ baseURL: baseUrl, extraHTTPHeaders: { origin: baseUrl } });
  clients.push(c);
  return c;
}

async function ok<T = unknown>(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** No axe violation (WCAG 2.1 AA) at a desktop's width and a phone's. */
async function axeClean(page: Page, where: string) {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(`${where} @${viewport.width}`, violations)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** Stripe's delivery of an event to the platform webhook, signed with the endpoint's secret. */
async function deliver(event: StripeEvent) {
  const { payload, headers } = signStripeEvent(event, WEBHOOK_SECRET);
  const response = await fetch(url('/api/webhooks/stripe'), { method: 'POST', body: payload, headers });
  expect(response.status, await response.text()).toBe(200);
}

describe('admin › Disputes with Stripe (issue 37 gap 2)', () => {
  test('a chargeback shows with its deadline; the answer the admin sends reaches Stripe', async () => {
    // A creator, set up through the labelled simulation, and a fan.
    const creator = await client();
    const creatorAccount = uniqueAccount('dcreator');
    const signedUp = await ok<{ user: { id: string } }>(
      await creator.post('/api/auth/sign-up', { data: { ...creatorAccount, intendedAccountType: 'creator' } }),
      'creator sign-up',
    );
    await ok(
      await creator.post('/api/verification/threads/simulate', { data: { username: creatorAccount.username } }),
      'simulated verification',
    );
    const fan = await client();
    const fanAccount = uniqueAccount('dfan');
    await ok(
      await fan.post('/api/auth/sign-up', { data: { ...fanAccount, intendedAccountType: 'customer' } }),
      'fan sign-up',
    );

    // The fan pays through Stripe Checkout (the stand-in plays the card), the creator answers: captured.
    const checkout = await ok<{ url: string }>(
      await fan.post('/api/checkout', {
        data: { recipientId: signedUp.user.id, messageContent: 'Hello! How would you train for a first marathon?' },
      }),
      'checkout',
    );
    const sessionId = String(checkout.url).split('/').pop() ?? '';
    await deliver(standIn.completeCheckout(sessionId));
    const intentId = String(standIn.sessions.get(sessionId)?.object.payment_intent);
    const messageId = (standIn.intents.get(intentId)?.metadata as Record<string, string> | undefined)?.message_id;
    await ok(
      await creator.post(`/api/messages/${messageId}/reply`, {
        data: { content: 'Start slow, build your long run each week, and rest well.' },
      }),
      'reply',
    );
    expect(standIn.intents.get(intentId)?.status).toBe('succeeded');

    // The fan's bank disputes it; Stripe tells us twice, out of order.
    const [created, withdrawn] = standIn.disputeCharge(String(standIn.intents.get(intentId)?.latest_charge), {
      reason: 'product_not_received',
    });
    for (const event of [withdrawn, created, withdrawn]) await deliver(event as StripeEvent);
    const dispute = created.data.object as { id: string; evidence_details: { due_by: number | null } };
    const dueBy = new Date((dispute.evidence_details.due_by ?? 0) * 1000);

    // The admin finds it on the Disputes screen with its deadline, and answers the bank.
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(url('/admin/login'));
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('link', { name: 'Disputes' }).click();
    await page.waitForURL('**/admin/disputes');
    await page.getByText('Needs your answer').waitFor();
    // Seven days to answer, as Stripe gives: the date and what is left of it.
    const due = page.getByText(/^Answer by /);
    await due.waitFor();
    expect(await due.locator(`time[datetime="${dueBy.toISOString()}"]`).innerText()).toContain(
      String(dueBy.getFullYear()),
    );
    expect(await due.innerText()).toMatch(/\((6|7) days left\)$/);
    await page.getByText('The creator’s share is on hold.', { exact: false }).waitFor();

    await axeClean(page, '/admin/disputes with a dispute');

    // By keyboard: the row's button opens the form, whose field takes the answer.
    await page.getByRole('button', { name: /^Answer the bank: dispute of \$/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Answer the bank' });
    await dialog.waitFor();
    await axeClean(page, 'the answer dialog');
    // Too short is refused in the form, before anything is sent.
    await dialog.getByLabel('What happened').fill('Answered.');
    await dialog.getByRole('button', { name: 'Send to the bank' }).click();
    await dialog.getByText('Write at least 20 characters for the bank.').waitFor();
    expect(standIn.disputeSubmissions).toHaveLength(0);
    const text = `The fan paid for one answer and ${creatorAccount.username} answered it in full on Fanline.`;
    await dialog.getByLabel('What happened').fill(text);
    await dialog.getByRole('button', { name: 'Send to the bank' }).click();
    await page.getByText('Your answer was sent to the bank').waitFor();
    await page.getByText('With the bank').waitFor();
    await page.getByText(text, { exact: false }).waitFor();
    expect(standIn.disputeSubmissions).toEqual([
      expect.objectContaining({ disputeId: dispute.id, evidence: { uncategorized_text: text }, submit: true }),
    ]);
    expect(standIn.disputes.get(dispute.id)?.status).toBe('under_review');
    expect(await page.getByRole('button', { name: /^Answer the bank: dispute/ }).count()).toBe(0);

    // At 375 px the answered dispute still reads.
    await page.setViewportSize(MOBILE);
    await page.getByText('With the bank').waitFor();
    await context.close();
  });
});
