import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_EXPORT_MESSAGES } from '@fanline/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { demoCreator, signInByApi, uniqueAccount } from '../support/auth';
import { axeViolations, describeViolations } from '../support/axe';
import { setupBrowser } from '../support/browser';
import { linkFrom, linkToken, waitForMail } from '../support/mail';

// Issue 41 point 1 (decision 0057): on the built app, a new fan asks for their data and downloads it
// from the page where they asked; the ready mail links back to that page.
const browser = setupBrowser();

describe('Download my data', () => {
  test('a new fan asks for their data in Edit Profile and downloads the zip from the same page', async () => {
    const context = await browser.context();
    const account = uniqueAccount('data');
    const signUp = await context.request.post(browser.url('/api/auth/sign-up'), {
      data: { ...account, intendedAccountType: 'customer' },
    });
    expect(signUp.status()).toBe(201);
    const token = linkToken(linkFrom(await waitForMail(account.email), '/auth/confirm#token='));
    expect((await context.request.post(browser.url('/api/auth/confirm-email'), { data: { token } })).status()).toBe(
      200,
    );

    const page = await context.newPage();
    await page.goto(browser.url('/profile?tab=security'));
    await page.getByRole('heading', { name: DATA_EXPORT_MESSAGES.title }).waitFor();
    await page.getByRole('button', { name: DATA_EXPORT_MESSAGES.request }).click();
    const link = page.getByRole('link', { name: new RegExp(DATA_EXPORT_MESSAGES.download.replace(/[()]/g, '\\$&')) });
    await link.waitFor();
    await page.getByText(DATA_EXPORT_MESSAGES.ready).waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations('/profile?tab=security with a ready export', violations)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^fanline-data-.+\.zip$/);
    // The browser runs in the worker's own process: the file is copied here to be read.
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-export-')), download.suggestedFilename());
    await download.saveAs(saved);
    const files = unzipSync(new Uint8Array(fs.readFileSync(saved)));
    const data = JSON.parse(new TextDecoder().decode(files['data.json']));
    expect(data).toMatchObject({ format: 'fanline-data-export', version: 1 });
    expect(data.account).toMatchObject({ email: account.email.toLowerCase(), role: 'fan' });

    // The mail links the page that offers the download (the demo has its mailbox for it).
    const mail = await waitForMail(account.email, 10_000, 'data is ready');
    expect(linkFrom(mail, '/profile?tab=security')).toBeTruthy();
    // Asked for again, the page offers a new copy once the first is ready.
    expect(await page.getByRole('button', { name: DATA_EXPORT_MESSAGES.again }).isEnabled()).toBe(true);
  });

  test("a creator finds the same in their settings' Security tab, and the page passes axe at 375 px", async () => {
    const context = await browser.context();
    // Not the demo creator whose settings figures-creators.e2e.ts reads: a ready export adds figures there.
    const creator = demoCreator('samtravels');
    await signInByApi(context, browser.url('/'), creator);
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(browser.url('/dashboard/settings?tab=security'));
    await page.getByRole('heading', { name: DATA_EXPORT_MESSAGES.title }).waitFor();
    const ask = page.getByRole('button', {
      name: new RegExp(`^(${DATA_EXPORT_MESSAGES.request}|${DATA_EXPORT_MESSAGES.again})$`),
    });
    await ask.click();
    await page.getByText(DATA_EXPORT_MESSAGES.ready).waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations('/dashboard/settings?tab=security at 375 px', violations)).toEqual([]);
    const href = await page.getByRole('link', { name: /Download \(zip\)/ }).getAttribute('href');
    const zip = await context.request.get(browser.url(href ?? ''));
    expect(zip.status()).toBe(200);
    const data = JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(await zip.body()))['data.json']));
    expect(data.account).toMatchObject({ role: 'creator', username: creator.username });
  });
});
