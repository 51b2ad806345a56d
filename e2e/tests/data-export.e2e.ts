import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_EXPORT_MESSAGES } from '@fanline/contracts';
import { unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { uniqueAccount } from '../support/auth';
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
});
