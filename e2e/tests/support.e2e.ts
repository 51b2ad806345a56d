import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { setupBrowser } from '../support/browser';

const browser = setupBrowser();

const contact = (page: Page) => page.locator('#contact');
const field = (page: Page, name: string) => contact(page).getByRole('textbox', { name, exact: true });
const questions = (page: Page) =>
  page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('heading', { level: 3 });

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value);
}

describe('support page', () => {
  test('an empty submission shows every required error', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/support'));
    await contact(page).getByRole('button', { name: 'Send Message' }).click();
    const alerts = contact(page).getByRole('alert');
    await alerts.first().waitFor();
    expect(await alerts.allTextContents()).toEqual([
      'Please enter your name.',
      'Please enter your email address.',
      'Please enter a subject.',
      'Please enter a message.',
    ]);
    expect(await field(page, 'Name').getAttribute('aria-invalid')).toBe('true');
  });

  test('a bad email shows an email error and keeps what was typed', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/support'));
    await fill(page, { Name: 'Ana Diaz', Email: 'ana@', Subject: 'Refund', Message: 'Where is my refund?' });
    await contact(page).getByRole('button', { name: 'Send Message' }).click();
    await contact(page).getByRole('alert').waitFor();
    expect(await contact(page).getByRole('alert').allTextContents()).toEqual(['Please enter a valid email address.']);
    expect(await field(page, 'Name').inputValue()).toBe('Ana Diaz');
    expect(await field(page, 'Email').inputValue()).toBe('ana@');
    expect(await field(page, 'Subject').inputValue()).toBe('Refund');
    expect(await field(page, 'Message').inputValue()).toBe('Where is my refund?');
  });

  test('a valid submission clears the form and confirms with a toast', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/support'));
    await fill(page, { Name: 'Ana Diaz', Email: 'ana@example.com', Subject: 'Refund', Message: 'Where is it?' });
    await contact(page).getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thanks! Your message has been received.').waitFor();
    for (const name of ['Name', 'Email', 'Subject', 'Message']) {
      expect(await field(page, name).inputValue()).toBe('');
    }
    expect(await contact(page).getByRole('alert').count()).toBe(0);
  });

  test('category chips and the search box filter the FAQ', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/support?category=Guarantees'));
    const chip = (name: string) => page.getByRole('button', { name, exact: true });
    await expect.poll(() => chip('Guarantees').getAttribute('aria-pressed')).toBe('true');
    expect(await chip('All').getAttribute('aria-pressed')).toBe('false');
    expect(await questions(page).allTextContents()).toEqual([
      'What is the 24-hour response guarantee?',
      'Can I ask for a refund for another reason?',
    ]);

    await chip('Payments').click();
    await expect.poll(() => chip('Payments').getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('category')).toBe('Payments');
    expect(await questions(page).allTextContents()).toEqual([
      'How do I pay for a message?',
      'Where can I see what I have paid?',
    ]);

    await chip('All').click();
    await expect.poll(() => questions(page).count()).toBeGreaterThan(16);
    const search = page.getByRole('searchbox', { name: 'Search the FAQ' });
    // Matches answers too, ignoring case.
    await search.fill('PAYOUT');
    await expect.poll(() => questions(page).allTextContents()).toEqual(['How and when do creators get paid?']);

    await search.fill('zzzz');
    await page.getByRole('heading', { name: 'No answers match "zzzz"' }).waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => questions(page).count()).toBeGreaterThan(16);
    expect(await search.inputValue()).toBe('');
  });
});
