import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { DEMO_FAN, demoCreator, signInByApi } from '../support/auth';
import { ARTIFACTS, DESKTOP, MOBILE, setupBrowser } from '../support/browser';
import { linkFrom, waitForMail } from '../support/mail';

const browser = setupBrowser();
/** A creator no other journey asserts figures or mails on. */
const FAY = demoCreator('founderfay');

async function signedInPage(account: { email: string; password: string }, viewport = DESKTOP) {
  const context = await browser.context(viewport);
  await signInByApi(context, browser.url('/'), account);
  return { context, page: await context.newPage() };
}

async function picture(name: string, color: { r: number; g: number; b: number }) {
  const file = path.join(ARTIFACTS, `${name}-${randomBytes(3).toString('hex')}.png`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await sharp({ create: { width: 640, height: 420, channels: 3, background: color } })
    .png()
    .toFile(file);
  return file;
}

describe('attachments and mail (issue #13)', () => {
  test('a fan attaches an image to a paid message, the creator sees it and replies with one, and the mail’s unsubscribe link turns that mail off', async () => {
    const text = `Fay, here is my pitch deck cover, what would you change? (ref_${randomBytes(3).toString('hex')})`;
    const fan = await signedInPage(DEMO_FAN);
    await fan.page.goto(browser.url(`/${FAY.username}`));
    await fan.page.getByRole('button', { name: `Message @${FAY.username}`, exact: true }).click();
    const dialog = fan.page.getByRole('dialog', { name: new RegExp(`Send message to @${FAY.username}`) });
    await dialog.getByLabel('Your message').fill(text);
    await dialog.getByLabel('Add images').setInputFiles(await picture('fan', { r: 220, g: 60, b: 90 }));
    await dialog.getByRole('img', { name: /^Attached: fan-/ }).waitFor();
    await dialog.getByRole('button', { name: /^Send & Pay/ }).click();
    await fan.page.waitForURL('**/checkout/**');
    await fan.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fan.page.getByLabel('Expiry').fill('12 / 30');
    await fan.page.getByLabel('CVC').fill('123');
    await fan.page.getByLabel('Name on card').fill('Demo Fan');
    await fan.page.getByRole('button', { name: /^Pay \$/ }).click();
    await fan.page.waitForURL('**/payment-success?**');

    // The creator's mail: a link to the conversation and one to leave this kind of mail.
    const mail = await waitForMail(FAY.email);
    expect(mail.body).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const threadPath = new URL(linkFrom(mail, '/dashboard/messages/')).pathname;
    const messageId = threadPath.split('/').pop() ?? '';

    const creator = await signedInPage(FAY);
    await creator.page.goto(browser.url(threadPath));
    await creator.page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
    const fanImages = creator.page.getByRole('list', { name: /^Images from / }).first();
    const fanImage = fanImages.getByRole('img');
    await fanImage.waitFor();
    await expect
      .poll(() => fanImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);

    await creator.page.getByLabel('Your response').fill('Lovely colours! I would make the headline bigger.');
    await creator.page.getByLabel('Add images').setInputFiles(await picture('creator', { r: 40, g: 120, b: 200 }));
    await creator.page.getByRole('img', { name: /^Attached: creator-/ }).waitFor();
    await creator.page.getByRole('button', { name: 'Send Response' }).click();
    await expect
      .poll(() => creator.page.getByRole('list', { name: /^Images from / }).count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    await creator.page.screenshot({
      path: path.join(ARTIFACTS, 'attachments-thread-creator-1280.png'),
      fullPage: true,
    });

    // The fan sees both, on desktop and on a phone.
    await fan.page.goto(browser.url(`/messages/${messageId}`));
    await expect
      .poll(() => fan.page.getByRole('list', { name: /^Images from / }).count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    await fan.page.screenshot({ path: path.join(ARTIFACTS, 'attachments-thread-fan-1280.png'), fullPage: true });
    const phone = await signedInPage(DEMO_FAN, MOBILE);
    await phone.page.goto(browser.url(`/messages/${messageId}`));
    await phone.page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
    await expect
      .poll(() => phone.page.getByRole('list', { name: /^Images from / }).count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.page.screenshot({ path: path.join(ARTIFACTS, 'attachments-thread-fan-375.png'), fullPage: true });

    // A stranger (no session) cannot fetch the image.
    const src = (await fanImage.getAttribute('src')) ?? '';
    const anonymous = await browser.context();
    const direct = await anonymous.request.get(browser.url(src));
    expect(direct.status()).toBe(401);

    // The unsubscribe link works without signing in: the page asks, the button does it.
    const unsubscribe = linkFrom(mail, '/unsubscribe?token=');
    const visitor = await (await browser.context()).newPage();
    const link = new URL(unsubscribe);
    await visitor.goto(browser.url(`${link.pathname}${link.search}`));
    await visitor.getByRole('heading', { name: 'Unsubscribe from “New paid messages” emails?' }).waitFor();
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

    // The creator's settings show that switch off; turning it back on restores the demo account.
    await creator.page.goto(browser.url('/dashboard/settings'));
    await creator.page.getByRole('tab', { name: 'Notifications' }).click();
    const newMessages = creator.page.getByRole('switch', { name: 'New paid messages' });
    await expect.poll(() => newMessages.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('false');
    expect(await creator.page.getByRole('switch', { name: 'Payout updates' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await creator.page.screenshot({ path: path.join(ARTIFACTS, 'notification-switches-1280.png'), fullPage: true });
    await newMessages.click();
    await expect.poll(() => newMessages.getAttribute('aria-checked'), { timeout: 10_000 }).toBe('true');

    const phoneCreator = await signedInPage(FAY, MOBILE);
    await phoneCreator.page.goto(browser.url('/dashboard/settings'));
    await phoneCreator.page.getByRole('tab', { name: 'Notifications' }).click();
    await phoneCreator.page.getByRole('switch', { name: 'New paid messages' }).waitFor();
    await phoneCreator.page.screenshot({ path: path.join(ARTIFACTS, 'notification-switches-375.png'), fullPage: true });
  });
});
