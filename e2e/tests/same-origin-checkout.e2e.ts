import { formatCents } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { uniqueAccount } from '../support/auth';
import { setupBrowser } from '../support/browser';
import { linkFrom, waitForMail } from '../support/mail';

const browser = setupBrowser();

/** A creator no other journey asserts numbers on; paying only adds a pending message for them. */
const CREATOR = 'profkim';

/**
 * Review defect 10b: the app opened at another host than PUBLIC_URL (127.0.0.1 vs localhost, or a LAN
 * address) must keep the fan on that host through checkout, where their session cookie lives. The
 * server's PUBLIC_URL here is http://127.0.0.1:<port>; the journey runs at both hosts.
 */
describe('paying from whichever address the app was opened at', () => {
  for (const host of ['localhost', '127.0.0.1']) {
    test(`a new fan at ${host} pays for a message without being asked to sign in again`, async () => {
      const base = new URL(browser.url('/'));
      base.hostname = host;
      const at = (path: string) => new URL(path, base).toString();
      const context = await browser.context();
      const fan = uniqueAccount('samehost');

      // Sign up and confirm the email on this host (the mail's link names PUBLIC_URL; its path is what counts).
      const signUp = await context.request.post(at('/api/auth/sign-up'), {
        data: { email: fan.email, password: fan.password, username: fan.username, displayName: fan.displayName },
      });
      expect(signUp.status(), await signUp.text()).toBe(201);
      const link = new URL(linkFrom(await waitForMail(fan.email), '/auth/confirm#token='));
      const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
      const confirm = await context.request.post(at('/api/auth/confirm-email'), { data: { token } });
      expect(confirm.status(), await confirm.text()).toBeLessThan(300);
      const signIn = await context.request.post(at('/api/auth/sign-in'), {
        data: { email: fan.email, password: fan.password },
      });
      expect(signIn.status(), await signIn.text()).toBe(200);

      const page = await context.newPage();
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      const creator = (await (await context.request.get(at(`/api/profiles/${CREATOR}`))).json()) as {
        messagePrice: number;
      };
      const price = formatCents(creator.messagePrice);
      await page.goto(at(`/${CREATOR}`));
      await page.getByRole('button', { name: `Message @${CREATOR}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`Send message to @${CREATOR}`) });
      await dialog.getByLabel('Your message').fill('Hello Dr. Kim! How should I revise for a physics exam?');
      await dialog.getByRole('button', { name: `Send & Pay ${price}` }).click();
      await page.waitForURL('**/checkout/**');
      expect(new URL(page.url()).hostname).toBe(host);
      await page.getByText('Test payment — no real card is charged').waitFor();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12 / 30');
      await page.getByLabel('CVC').fill('123');
      await page.getByLabel('Name on card').fill('New Fan');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.waitForURL('**/payment-success?**');
      await page.getByRole('heading', { name: 'Message sent' }).waitFor();
      expect(new URL(page.url()).hostname).toBe(host);
      // Never bounced to another host, and never to the sign-in page.
      expect(visited.filter((url) => new URL(url).hostname !== host)).toEqual([]);
      expect(visited.filter((url) => new URL(url).pathname.startsWith('/login'))).toEqual([]);
    });
  }
});
