import { describe, expect, test } from 'vitest';
import { DEMO_ADMIN } from '../support/auth';
import { axeViolations, describeViolations } from '../support/axe';
import { DESKTOP, MOBILE, setupBrowser } from '../support/browser';

const browser = setupBrowser();

// Issue 40 point 5, decision 0064: Admin › System, from the nav and from the menu at 375 px, shows the demo's
// own data: the one instance serving it (ready, by its heartbeat, on the release the health check names),
// the outbox backlog, and, on a first start, honestly no backup. axe finds nothing at 1280 or 375 px.
// (The figures against the metrics, two instances draining, stopping and going silent, and the backups are
// proven over HTTP in apps/server/src/admin/system.int.test.ts.)
describe('admin › System (issue 40)', () => {
  test('an admin opens System from the nav: the instance serving the demo, the outbox, no backup; axe-clean at 1280 and 375 px', async () => {
    const admin = await browser.page();
    await admin.goto(browser.url('/admin/login'));
    await admin.getByLabel('Email').fill(DEMO_ADMIN.email);
    await admin.getByLabel('Password').fill(DEMO_ADMIN.password);
    await admin.getByRole('button', { name: 'Sign In' }).click();
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByRole('link', { name: 'System' }).click();
    await admin.waitForURL('**/admin/system');
    await admin.getByRole('heading', { name: 'System', level: 1 }).waitFor();

    // The instance that answered the health check is listed, ready, with the same release.
    const health = await (await admin.request.get(browser.url('/api/health/ready'))).json();
    const instances = admin.getByRole('region', { name: 'Instances' });
    const row = instances.getByRole('listitem').filter({ hasText: health.instance });
    await row.waitFor();
    // The demo's test checkout is a payment problem readiness reports as 'degraded' (still 200).
    const state = health.status === 'ok' ? 'Ready' : 'Ready (payments degraded)';
    await expect(row.getByText(state, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(row.getByText(`v${health.version}`).isVisible()).resolves.toBe(true);

    // The figures are the API's, which reads what the metrics read.
    const system = await (await admin.request.get(browser.url('/api/admin/system'))).json();
    const outbox = admin.getByRole('region', { name: 'Outbox' });
    await outbox.getByText(system.outbox.due === 1 ? 'step due now' : 'steps due now').waitFor();
    await outbox.getByText(system.outbox.dead === 1 ? 'stuck step' : 'stuck steps').waitFor();
    // A first start has no backup: the page says so rather than showing an age.
    const backups = admin.getByRole('region', { name: 'Backups' });
    if (system.backups.lastSuccessful === null) await backups.getByText('No backup recorded.').waitFor();

    // Refresh reads again (the button is usable by keyboard).
    const reread = admin.waitForResponse((r) => r.url().endsWith('/api/admin/system') && r.status() === 200);
    await admin.getByRole('button', { name: 'Refresh' }).focus();
    await admin.keyboard.press('Enter');
    await reread;

    const found: string[] = [];
    for (const viewport of [DESKTOP, MOBILE]) {
      await admin.setViewportSize(viewport);
      const violations = await axeViolations(admin);
      if (violations.length) found.push(describeViolations(`/admin/system @${viewport.width}`, violations));
    }
    expect(found, found.join('\n')).toEqual([]);

    // Below 768 px the nav is in the menu.
    await admin.goto(browser.url('/admin/dashboard'));
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await admin.getByRole('link', { name: 'System' }).click();
    await admin.waitForURL('**/admin/system');
    await admin.getByRole('region', { name: 'Instances' }).getByRole('listitem').first().waitFor();
  });
});
