import { describe, expect, test } from 'vitest';
import { MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

describe('app shell', () => {
  test('an unknown path shows the not-found page with its links', async () => {
    const page = await browser.page();
    await page.goto(browser.url('/this/page/does-not-exist'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  test('the mobile menu opens, navigates and closes at 375 px', async () => {
    const page = await browser.page(MOBILE);
    await page.goto(browser.url('/support'));
    // Desktop navigation is hidden below 768 px.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Join as Creator' }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Discover' }).click();
    await page.waitForURL('**/creators');
    await menu.waitFor({ state: 'detached' });
    // Escape closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });
});
