import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN } from '../support/auth';
import { ARTIFACTS, setupBrowser } from '../support/browser';

const browser = setupBrowser();

describe('support inbox (issue 12)', () => {
  test('a visitor’s contact message reaches /admin/support, where an admin reads it and marks it handled', async () => {
    const tag = randomBytes(4).toString('hex');
    const subject = `Refund question ${tag}`;
    const visitor = await browser.page();
    await visitor.goto(browser.url('/support'));
    const form = visitor.locator('#contact');
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Ana Diaz');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`ana.${tag}@example.test`);
    await form.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
    await form
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('My message expired yesterday.\nWhen does the hold on my card go away?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByText('Thanks! Your message has been received.').waitFor();
    // The confirmation says what really happens next, and promises no time.
    await visitor.getByText(`Our support team will reply by email to ana.${tag}@example.test.`).waitFor();

    const admin = await browser.page();
    await admin.goto(browser.url('/admin/login'));
    await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
    await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByRole('link', { name: 'Support Inbox' }).click();
    await admin.waitForURL('**/admin/support');
    await admin.getByRole('heading', { name: 'Support Inbox', level: 1 }).waitFor();
    await admin.getByText('Total Messages').waitFor();

    await admin.getByLabel('Search support messages').fill(tag);
    await admin.getByText(subject).waitFor();
    await expect.poll(() => admin.getByRole('button', { name: /^View message/ }).count()).toBe(1);
    // For a reviewer's eye: the inbox with the new message (e2e/artifacts is not committed).
    await admin.screenshot({ path: path.join(ARTIFACTS, 'admin-support-inbox.png'), fullPage: true });
    await admin.getByRole('button', { name: /^View message/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Support Message' });
    await dialog.getByText('When does the hold on my card go away?', { exact: false }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Reply by email' }).getAttribute('href')).toBe(
      `mailto:ana.${tag}@example.test?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    );
    await dialog.getByRole('button', { name: 'Mark handled' }).click();
    await admin.getByText('Marked as handled').waitFor();

    await admin.getByRole('button', { name: 'Handled', exact: true }).click();
    await admin.getByText(subject).waitFor();
    await admin.getByRole('button', { name: 'Open', exact: true }).click();
    await admin.getByText('No support messages found matching your criteria.').waitFor();
  });
});
