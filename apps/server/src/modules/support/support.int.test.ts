import { beforeAll, describe, expect, test } from 'vitest';
import { createAdmin, createCreator, createUser, signIn, useTestApp } from '../../testing';
import { CONTACT_LIMITS_PER_HOUR } from '.';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await signIn(t.app, (await createAdmin(t.database.db)).email ?? '');
});

const contact = (payload: object, ip = '198.51.100.1') =>
  t.app.inject({ method: 'POST', url: '/api/support/messages', payload, remoteAddress: ip });
const inbox = (query = '', cookie = adminCookie) =>
  t.app.inject({ method: 'GET', url: `/api/admin/support${query}`, headers: { cookie } });
const form = (n: string) => ({
  name: `Ana ${n}`,
  email: `ana.${n}@example.com`,
  subject: `Refund ${n}`,
  message: `Where is my refund ${n}?\nIt has been two days.`,
});

describe('the contact form', () => {
  test('a visitor’s message is kept and an admin finds it, whole, in the support inbox', async () => {
    const sent = await contact({ ...form('kept'), name: '  Ana kept  ', email: 'Ana.Kept@Example.com' });
    expect(sent.statusCode).toBe(201);
    const found = await inbox('?search=refund%20kept');
    expect(found.statusCode).toBe(200);
    expect(found.json().items).toEqual([
      expect.objectContaining({
        id: sent.json().id,
        name: 'Ana kept',
        email: 'ana.kept@example.com',
        subject: 'Refund kept',
        message: 'Where is my refund kept?\nIt has been two days.',
        status: 'open',
        handledByEmail: null,
      }),
    ]);
  });

  test('all four fields are required and the email must look like one (spec §5)', async () => {
    const blank = await contact({ name: ' ', email: '', subject: '', message: '' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().error.fields ?? {})).toEqual(
      expect.arrayContaining(['name', 'email', 'subject', 'message']),
    );
    const badEmail = await contact({ ...form('bad'), email: 'ana@' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields).toHaveProperty('email');
    const nul = await contact({ ...form('nul'), message: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
  });

  test('one address may leave only a few messages an hour; another address is not affected', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < CONTACT_LIMITS_PER_HOUR.perAddress; i++) {
      expect((await contact(form(`flood${i}`), ip)).statusCode).toBe(201);
    }
    const over = await contact(form('flood-over'), ip);
    expect(over.statusCode).toBe(429);
    expect((await contact(form('other-address'), '203.0.113.10')).statusCode).toBe(201);
    t.clock.advance(61 * 60_000);
    expect((await contact(form('next-hour'), ip)).statusCode).toBe(201);
  });
});

describe('the support inbox', () => {
  test('visitors, fans and creators are refused', async () => {
    const fanCookie = await signIn(t.app, (await createUser(t.database.db)).email ?? '');
    const creatorCookie = await signIn(t.app, (await createCreator(t.database.db)).email ?? '');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/support' })).statusCode).toBe(401);
    expect((await inbox('', fanCookie)).statusCode).toBe(403);
    expect((await inbox('', creatorCookie)).statusCode).toBe(403);
    const id = (await contact(form('guarded'), '198.51.100.50')).json().id;
    for (const cookie of [fanCookie, creatorCookie]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/admin/support/${id}/handled`,
        headers: { cookie },
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  test('mark handled moves a message from Open to Handled, once, and is audited', async () => {
    const id = (await contact(form('handle'), '198.51.100.60')).json().id;
    const before = (await inbox()).json().stats;
    const open = (await inbox('?filter=open')).json().items.map((item: { id: string }) => item.id);
    expect(open).toContain(id);

    const handled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${id}/handled`,
      headers: { cookie: adminCookie },
    });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toEqual({ status: 'handled', already: false });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${id}/handled`,
      headers: { cookie: adminCookie },
    });
    expect(again.json()).toEqual({ status: 'handled', already: true });

    const after = (await inbox()).json().stats;
    expect(after).toEqual({ total: before.total, open: before.open - 1, handled: before.handled + 1 });
    expect((await inbox('?filter=open')).json().items.map((item: { id: string }) => item.id)).not.toContain(id);
    const row = (await inbox('?filter=handled&search=refund%20handle')).json().items[0];
    expect(row).toMatchObject({ id, status: 'handled', handledByEmail: expect.stringContaining('@') });

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie: adminCookie } });
    const entries = audit.json().entries.filter((e: { targetId: string | null }) => e.targetId === id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'support.handled',
      before: { status: 'open' },
      after: { status: 'handled' },
    });
  });

  test('an unknown message is a 404', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/support/00000000-0000-4000-8000-000000000000/handled',
      headers: { cookie: adminCookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
