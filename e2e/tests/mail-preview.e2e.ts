import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '@fanline/server/app';
import { MAIL_TEMPLATE_IDS } from '@fanline/server/mail';
import { type Database, migrateDatabase, openDatabase, testConfig } from '@fanline/server/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ARTIFACTS, setupBrowser } from '../support/browser';

// Issue 26: every mail, as a mail client would show it, at a desktop client's 600 px and a phone's 375 px.
// The run's server is in production mode, which has no /dev/mail (on purpose), so this journey serves
// the preview from an app in this process (development mode, an in-memory database, nothing seeded)
// and screenshots each mail into e2e/artifacts/mail-preview/ for a person to look at.

const SHOTS = path.join(ARTIFACTS, 'mail-preview');
const WIDTHS = [600, 375];

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
const config = testConfig();
let baseUrl: string;
const browser = setupBrowser();

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite-memory' });
  await migrateDatabase(database);
  app = await buildApp({ config, database, logger: false });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

describe('the mail preview (/dev/mail)', () => {
  test('lists every mail with its HTML and text part, labelled as sample data', async () => {
    const page = await browser.page({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/dev/mail`);
    await page.getByText('Preview with sample data.').waitFor();
    const listed = await page.locator('article[data-mail]').evaluateAll((articles) =>
      articles.map((a) => ({
        id: a.getAttribute('data-mail'),
        text: a.querySelector('pre[data-text]')?.textContent ?? '',
      })),
    );
    expect(listed.map((m) => m.id)).toEqual(MAIL_TEMPLATE_IDS);
    for (const mail of listed) expect(mail.text).toMatch(/https?:\/\//);
    // The HTML part is rendered in the page: the first frame shows its button.
    await page.frameLocator('article[data-mail] iframe').first().locator('a.cta').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'index-1280.png') });
  });

  for (const width of WIDTHS) {
    test(`every mail at ${width} px: its button visible, nothing wider than the screen`, async () => {
      const page = await browser.page({ width, height: 900 });
      for (const id of MAIL_TEMPLATE_IDS) {
        await page.goto(`${baseUrl}/dev/mail/${id}`);
        const cta = page.locator('a.cta');
        await cta.waitFor();
        expect(await cta.isVisible(), id).toBe(true);
        const box = await cta.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, `${id}: the button fits`).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${id}: no horizontal overflow`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SHOTS, `${id}-${width}.png`), fullPage: true });
      }
    });
  }
});
