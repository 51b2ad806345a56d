// driver-sensitive: the erasure's regexp_replace over text and jsonb, and SKIP LOCKED claims, are the engines' own.
import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_MESSAGES } from '@fanline/contracts';
import { getTableName, is, sql, Table } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import * as schema from '../db/schema';
import {
  connectLocalPayoutAccount,
  createAdmin,
  earnOnce,
  fanAndCreator,
  journeyWithUploads,
  ledgerOf,
  messageRow,
  passFlagWindow,
  paymentRow,
  sendPaidMessage,
  signIn,
  TEST_PASSWORD,
  unbalancedTransactions,
  unique,
  useTestApp,
} from '../testing';
import { runJobsOnce } from '../testing/jobs';

const a = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
const DAY = 86_400_000;

const close = (cookie: string, password = TEST_PASSWORD) => a.post('/api/me/account-deletion', cookie, { password });
const state = async (cookie: string) => (await a.get('/api/me/account-deletion', cookie)).json().deletion;
const closingMail = (to: string) =>
  a.app.mailer
    .outbox()
    .filter((m) => m.to === to && m.subject === 'Your Fanline account is closing')
    .at(-1);
const tokenIn = (text: string) => /login#cancel-deletion=([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? '';

/** Every row of every table as text, for the erasure check: where does `needle` still appear? */
async function tablesHolding(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, Table)) continue;
    const name = getTableName(table);
    const rows = await a.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where strpos(lower(t::text), lower(${needle})) > 0`,
    );
    const n = Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    if (n > 0) found.push(name);
  }
  return found;
}

describe('closing an account (issue 41 point 2)', () => {
  test('the wrong password refuses with a 400 naming the field, and nothing changes', async () => {
    const { fanCookie, creator } = await fanAndCreator(a.app, a.database.db);
    const sent = await sendPaidMessage(a.app, fanCookie, creator.id);
    const res = await close(fanCookie, 'not-my-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: ACCOUNT_DELETION_MESSAGES.wrongPassword });
    expect(await state(fanCookie)).toBeNull();
    expect((await messageRow(a.database.db, sent.messageId)).status).toBe('sent');
    // No password at all: the body is refused before anything runs.
    expect((await a.post('/api/me/account-deletion', fanCookie, {})).statusCode).toBe(400);
    // Signed out: 401.
    expect((await a.post('/api/me/account-deletion', undefined, { password: TEST_PASSWORD })).statusCode).toBe(401);
  });

  test('a fan closes: open paid messages go back, other sessions end, 14 days to cancel, signing in cancels', async () => {
    const { fan, fanCookie, creator } = await fanAndCreator(a.app, a.database.db);
    const sent = await sendPaidMessage(a.app, fanCookie, creator.id);
    const otherDevice = await signIn(a.app, fan.email ?? '');

    const res = await close(fanCookie);
    expect(res.statusCode, res.body).toBe(201);
    const deletion = res.json().deletion;
    expect(deletion).toMatchObject({
      status: 'pending',
      refundedMessages: 1,
      earningsHeldCents: 0,
      startedByAdmin: false,
    });
    expect(new Date(deletion.scheduledFor).getTime() - new Date(deletion.requestedAt).getTime()).toBe(
      ACCOUNT_DELETION_GRACE_DAYS * DAY,
    );
    expect((await messageRow(a.database.db, sent.messageId)).status).toBe('refunded');
    expect((await paymentRow(a.database.db, sent.paymentId)).status).toBe('canceled');
    expect((await ledgerOf(a.database.db, sent.paymentId)).map((e) => e.kind)).toContain('release');
    expect((await a.get('/api/auth/session', otherDevice)).json().user).toBeNull();
    // Twice is refused: one pending request.
    expect((await close(fanCookie)).statusCode).toBe(409);

    // Signing in again within the grace shows the pending deletion, and cancelling keeps the account.
    a.clock.advance(3 * DAY);
    const again = await signIn(a.app, fan.email ?? '');
    expect(await state(again)).toMatchObject({ status: 'pending' });
    const cancelled = await a.delete('/api/me/account-deletion', again);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().deletion).toMatchObject({ status: 'cancelled' });
    expect((await a.delete('/api/me/account-deletion', again)).statusCode).toBe(409);
    // Nothing is erased once the grace would have passed.
    a.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    await runJobsOnce(a.app);
    expect(await whoAmI(await signIn(a.app, fan.email ?? ''))).toBe(fan.id);
  });

  test('the mailed link cancels once, and never after the grace', async () => {
    const { fan, fanCookie } = await fanAndCreator(a.app, a.database.db);
    expect((await close(fanCookie)).statusCode).toBe(201);
    const mail = closingMail(fan.email ?? '');
    expect(mail?.text).toContain('Cancel deletion');
    const token = decodeURIComponent(tokenIn(mail?.text ?? ''));
    expect(token.length).toBeGreaterThan(20);
    const res = await a.post('/api/account-deletion/cancel', undefined, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deletion.status).toBe('cancelled');
    const reused = await a.post('/api/account-deletion/cancel', undefined, { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('LINK_EXPIRED');

    // Closed again; the link of this request is refused once the grace is over.
    const cookie = await signIn(a.app, fan.email ?? '');
    expect((await close(cookie)).statusCode).toBe(201);
    const late = decodeURIComponent(tokenIn(closingMail(fan.email ?? '')?.text ?? ''));
    a.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY + 1000);
    expect((await a.post('/api/account-deletion/cancel', undefined, { token: late })).statusCode).toBe(400);
  });

  test('a creator closes: unanswered messages refunded, unavailable, payout account detached, earnings held with the reason', async () => {
    const { fan, fanCookie, creator, creatorCookie } = await fanAndCreator(a.app, a.database.db, {
      displayName: 'Closing Cleo',
    });
    await earnOnce(a.app, fanCookie, creator.id, creatorCookie);
    await connectLocalPayoutAccount(a.app, creatorCookie);
    const open = await sendPaidMessage(a.app, fanCookie, creator.id);

    const res = await close(creatorCookie);
    expect(res.statusCode, res.body).toBe(201);
    const deletion = res.json().deletion;
    expect(deletion.refundedMessages).toBe(1);
    expect(deletion.earningsHeldCents).toBeGreaterThan(0);
    expect(deletion.earningsHeldReason).toBe(ACCOUNT_DELETION_MESSAGES.earningsHeld);
    expect((await messageRow(a.database.db, open.messageId)).status).toBe('refunded');
    expect((await paymentRow(a.database.db, open.paymentId)).status).toBe('canceled');
    const bells = (await a.get('/api/notifications', fanCookie)).json().notifications;
    expect(bells.find((b: { type: string }) => b.type === 'message_declined')).toMatchObject({
      title: 'Closing Cleo closed their account',
    });
    const profile = (await a.get('/api/profile/me', creatorCookie)).json();
    expect(profile.isAvailable).toBe(false);
    // The payout account is forgotten (decision 0071: no row, no account).
    const accounts = await a.database.db
      .select()
      .from(schema.payoutAccounts)
      .where(sql`${schema.payoutAccounts.creatorId} = ${creator.id}`);
    expect(accounts).toEqual([]);
    // A fan can no longer pay them.
    const checkout = await a.post('/api/checkout', fanCookie, {
      recipientId: creator.id,
      messageContent: 'Hello again, one more question for you please.',
    });
    expect(checkout.statusCode).toBe(409);
    expect(fan.id).toBeTruthy();
  });

  test('an admin starts a deletion for a user and follows it, audited', async () => {
    const admin = await createAdmin(a.database.db);
    const adminCookie = await signIn(a.app, admin.email ?? '');
    const { fan, fanCookie } = await fanAndCreator(a.app, a.database.db);
    const started = await a.post(`/api/admin/users/${fan.id}/account-deletion`, adminCookie);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().deletion).toMatchObject({ status: 'pending', startedByAdmin: true });
    expect((await a.get('/api/auth/session', fanCookie)).json().user).toBeNull();
    const seen = await a.get(`/api/admin/users/${fan.id}/account-deletion`, adminCookie);
    expect(seen.json().deletion.status).toBe('pending');
    const audit = (await a.get('/api/admin/audit', adminCookie)).json().entries;
    expect(
      audit.some(
        (e: { action: string; targetId: string }) => e.action === 'account_deletion_started' && e.targetId === fan.id,
      ),
    ).toBe(true);
    // An admin account is not closed, neither by an admin nor by itself.
    expect((await a.post(`/api/admin/users/${admin.id}/account-deletion`, adminCookie)).statusCode).toBe(403);
    expect((await close(adminCookie)).statusCode).toBe(403);
    // Not for a fan: a fan cannot start one for someone else.
    expect((await a.post(`/api/admin/users/${admin.id}/account-deletion`, fanCookie)).statusCode).toBe(401);
  });

  test('after the grace, the person is gone from every table and from storage; the books do not move', async () => {
    const admin = await createAdmin(a.database.db);
    let adminCookie = await signIn(a.app, admin.email ?? '');
    const bio = `Bio of ${unique('bio')} that must disappear`;
    // The creator's avatar and portfolio, a paid message with the fan's image, the creator's reply
    // with theirs (which captures: an earning).
    const { fan, creator, creatorCookie, avatarUrl, portfolioImages, fanImageId, replyImageId } =
      await journeyWithUploads(a.app, a.database.db);
    const name = creator.displayName ?? '';
    const patched = await a.app.inject({
      method: 'PATCH',
      url: '/api/profile/me',
      headers: { cookie: creatorCookie },
      payload: { bio },
    });
    expect(patched.statusCode).toBe(200);
    const publicKey = (url: string) => `public/${url.slice('/uploads/'.length)}`;
    const attachmentKeyOf = async (id: string) => {
      const [row] = await a.database.db
        .select({ fileName: schema.messageAttachments.fileName })
        .from(schema.messageAttachments)
        .where(sql`${schema.messageAttachments.id} = ${id}`);
      return `private/attachments/${row?.fileName}`;
    };
    const creatorFiles = [publicKey(avatarUrl), ...portfolioImages.map(publicKey), await attachmentKeyOf(replyImageId)];
    const fanFile = await attachmentKeyOf(fanImageId);
    for (const key of [...creatorFiles, fanFile]) expect(await a.app.storage.stat(key), key).not.toBeNull();
    await passFlagWindow(a.app, a.clock);
    // The creator wrote to support from their address.
    const contact = await a.post('/api/support/messages', undefined, {
      name,
      email: creator.email,
      subject: 'Hi there',
      message: 'Please help me with my account.',
    });
    expect(contact.statusCode).toBeLessThan(300);
    // A copy of their data, ready to download: its zip holds everything erasure removes.
    expect((await a.post('/api/me/data-export', creatorCookie)).statusCode).toBeLessThan(300);
    const [exported] = await a.database.db
      .select({ objectKey: schema.dataExports.objectKey, status: schema.dataExports.status })
      .from(schema.dataExports)
      .where(sql`${schema.dataExports.userId} = ${creator.id}`);
    expect(exported?.status).toBe('ready');
    expect(await a.app.storage.stat(exported?.objectKey ?? '')).not.toBeNull();
    // Capacity settings (care's table since decision 0071) go with the person.
    await a.database.db.insert(schema.creatorCapacity).values({ creatorId: creator.id, maxOpenMessages: 5 });
    const totalsBefore = await totals(adminCookie);
    expect((await close(creatorCookie)).statusCode).toBe(201);

    a.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY - 60_000);
    await runJobsOnce(a.app);
    // Sessions idle for 14 days have ended: the admin and the fan sign in again.
    adminCookie = await signIn(a.app, admin.email ?? '');
    expect((await a.get(`/api/admin/users/${creator.id}/account-deletion`, adminCookie)).json().deletion.status).toBe(
      'pending',
    );
    a.clock.advance(120_000);
    await runJobsOnce(a.app);
    expect((await a.get(`/api/admin/users/${creator.id}/account-deletion`, adminCookie)).json().deletion.status).toBe(
      'erased',
    );

    for (const needle of [creator.email ?? '', name, bio]) expect(await tablesHolding(needle), needle).toEqual([]);
    for (const key of creatorFiles) expect(await a.app.storage.stat(key), key).toBeNull();
    // Their data export went too: the zip and its row.
    expect(await a.app.storage.stat(exported?.objectKey ?? '')).toBeNull();
    expect(
      await a.database.db
        .select({ id: schema.dataExports.id })
        .from(schema.dataExports)
        .where(sql`${schema.dataExports.userId} = ${creator.id}`),
    ).toEqual([]);
    for (const table of [schema.creatorCapacity, schema.payoutAccounts])
      expect(await a.database.db.select().from(table).where(sql`${table.creatorId} = ${creator.id}`)).toEqual([]);
    // The fan's own image stays: it is theirs.
    expect(await a.app.storage.stat(fanFile)).not.toBeNull();
    // The old username is held: nobody else can take it.
    const taken = await a.get(`/api/auth/username-available?username=${creator.username}`);
    expect(taken.json().available).toBe(false);
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
    expect(await totals(adminCookie)).toEqual(totalsBefore);
    const signInAgain = await a.post('/api/auth/sign-in', undefined, { email: creator.email, password: TEST_PASSWORD });
    expect(signInAgain.statusCode).toBe(401);
    // The fan's conversation still opens, with a pseudonym.
    const fanAgain = await signIn(a.app, fan.email ?? '');
    expect((await a.get('/api/conversations', fanAgain)).statusCode).toBe(200);
  });
});

async function whoAmI(cookie: string): Promise<string | null> {
  return (await a.get('/api/auth/session', cookie)).json().user?.id ?? null;
}

async function totals(adminCookie: string) {
  const stats = (await a.get('/api/admin/stats', adminCookie)).json();
  const { growthPercent: _, ...transactions } = (await a.get('/api/admin/transactions', adminCookie)).json().stats;
  return { revenueCents: stats.revenueCents, totalMessages: stats.totalMessages, transactions };
}
