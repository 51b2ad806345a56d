import { describe, expect, test } from 'vitest';
import { expireMessages } from '../../flows';
import {
  createCreator,
  createTestApp,
  createUser,
  fanAndCreator,
  sendPaidMessage,
  signIn,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';

const t = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });

const HOUR = 3_600_000;
const REPLY = 'Thanks for writing! Here is my honest advice for you.';
const FORMULA = '=HYPERLINK("http://evil.example","click me") please answer';
const LONG = 'A long question about pacing, fuelling and tapering before my very first marathon in spring.';
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A fan with one refunded (expired), one answered and one pending message, each to its own creator. */
async function fanWithThreeMessages() {
  const {
    fan,
    creator: answering,
    fanCookie,
    creatorCookie,
  } = await fanAndCreator(t.app, t.database.db, {
    messagePrice: 2500,
  });
  const silent = await createCreator(t.database.db, { messagePrice: 3000 });
  const waiting = await createCreator(t.database.db, { messagePrice: 5000 });
  const refunded = await sendPaidMessage(t.app, fanCookie, silent.id, FORMULA);
  t.clock.advance(25 * HOUR);
  expect(await expireMessages(t.app)).toBeGreaterThanOrEqual(1);
  const answered = await sendPaidMessage(t.app, fanCookie, answering.id, LONG);
  t.clock.advance(60_000);
  const reply = await post(`/api/messages/${answered.messageId}/reply`, creatorCookie, { content: REPLY });
  expect(reply.statusCode, reply.body).toBe(200);
  t.clock.advance(60_000);
  const pending = await sendPaidMessage(t.app, fanCookie, waiting.id);
  return { fan, fanCookie, answering, silent, waiting, refunded, answered, pending };
}

describe('sender dashboard', () => {
  test('sums the figures on the server and lists each conversation with its billing status', async () => {
    const { fan, fanCookie, refunded, answered, pending } = await fanWithThreeMessages();
    const res = await get('/api/sender/dashboard', fanCookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.displayName).toBe(fan.displayName ?? fan.username);
    expect(body.summary).toEqual({
      totalSpentCents: 2500,
      onHoldCents: 5000,
      returnedCents: 3000,
      // Issue 36 §17: the silent message's hold was released, never charged; nothing was refunded.
      releasedCents: 3000,
      refundedCents: 0,
      messagesSent: 3,
      awaitingResponses: 1,
      conversations: 3,
    });
    const byId = Object.fromEntries(
      body.recentConversations.map((c: { messageId: string; status: string }) => [c.messageId, c.status]),
    );
    expect(byId).toEqual({
      [pending.messageId]: 'pending',
      [answered.messageId]: 'completed',
      [refunded.messageId]: 'released',
    });
    // Issue 36 §5: the hold of the silent creator's message was released because it expired.
    expect(
      body.recentConversations.map((c: { messageId: string; outcome: string }) => [c.messageId, c.outcome]),
    ).toEqual([
      [pending.messageId, 'pending'],
      [answered.messageId, 'answered'],
      [refunded.messageId, 'expired'],
    ]);
    // Newest activity first.
    expect(body.recentConversations[0].messageId).toBe(pending.messageId);
    expect(body.recentConversations[0].expiresAt).not.toBeNull();
    expect(await unbalancedTransactions(t.database.db)).toBe(0);
  });

  test('shows at most the 5 newest conversations', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    for (let i = 0; i < 6; i++) {
      const creator = await createCreator(t.database.db);
      await sendPaidMessage(t.app, cookie, creator.id);
      t.clock.advance(1000);
    }
    const body = (await get('/api/sender/dashboard', cookie)).json();
    expect(body.recentConversations).toHaveLength(5);
    expect(body.summary.conversations).toBe(6);
  });

  test('the onboarding modal shows until dismissed once; guests are refused', async () => {
    const fan = await createUser(t.database.db);
    const cookie = await signIn(t.app, fan.email ?? '');
    expect((await get('/api/sender/dashboard', cookie)).json()).toMatchObject({
      showOnboarding: true,
      summary: { totalSpentCents: 0, messagesSent: 0, conversations: 0 },
      recentConversations: [],
    });
    expect((await post('/api/sender/onboarding/dismiss', cookie)).statusCode).toBe(204);
    expect((await get('/api/sender/dashboard', cookie)).json().showOnboarding).toBe(false);
    expect((await get('/api/sender/dashboard')).statusCode).toBe(401);
    expect((await get('/api/billing/transactions')).statusCode).toBe(401);
    expect((await get('/api/billing/export.csv')).statusCode).toBe(401);
  });
});

describe('billing', () => {
  test('history maps statuses, cuts previews to 50 characters and pages without gaps or repeats', async () => {
    const { fanCookie, refunded, answered, pending } = await fanWithThreeMessages();
    const summary = (await get('/api/billing/summary', fanCookie)).json();
    expect(summary).toMatchObject({ totalSpentCents: 2500, onHoldCents: 5000, returnedCents: 3000 });

    const first = (await get('/api/billing/transactions?limit=2', fanCookie)).json();
    expect(first.transactions.map((r: { messageId: string }) => r.messageId)).toEqual([
      pending.messageId,
      answered.messageId,
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(`/api/billing/transactions?limit=2&cursor=${first.nextCursor}`, fanCookie)).json();
    expect(second.transactions.map((r: { messageId: string }) => r.messageId)).toEqual([refunded.messageId]);
    expect(second.nextCursor).toBeNull();

    const all = [...first.transactions, ...second.transactions];
    expect(all.map((r: { status: string; amountCents: number }) => [r.status, r.amountCents])).toEqual([
      ['pending', 5000],
      ['completed', 2500],
      ['released', 3000],
    ]);
    const long = all.find((r: { messageId: string }) => r.messageId === answered.messageId);
    expect(Array.from(long.preview as string)).toHaveLength(50);
    expect(long.preview).toBe(`${LONG.slice(0, 49)}…`);

    expect((await get('/api/billing/transactions?cursor=not*valid', fanCookie)).statusCode).toBe(400);
    expect((await get('/api/billing/transactions?cursor=bm9wZQ', fanCookie)).statusCode).toBe(400);
    expect((await get('/api/billing/transactions?limit=500', fanCookie)).statusCode).toBe(400);
  });

  test('a payment opens its timeline; a released hold and a captured charge read differently', async () => {
    const { fanCookie, refunded, answered, pending } = await fanWithThreeMessages();
    const released = (await get(`/api/billing/transactions/${refunded.paymentId}`, fanCookie)).json();
    expect(released.status).toBe('released');
    expect(released.steps.map((s: { step: string; amountCents: number }) => [s.step, s.amountCents])).toEqual([
      ['authorized', 3000],
      ['released', 3000],
    ]);
    expect(new Date(released.steps[1].at).getTime()).toBeGreaterThan(new Date(released.steps[0].at).getTime());
    expect(released.returnNote).toMatch(/never charged/);

    const captured = (await get(`/api/billing/transactions/${answered.paymentId}`, fanCookie)).json();
    expect(captured.steps.map((s: { step: string }) => s.step)).toEqual(['authorized', 'captured']);
    expect(captured.returnNote).toBeNull();
    const held = (await get(`/api/billing/transactions/${pending.paymentId}`, fanCookie)).json();
    expect(held.steps.map((s: { step: string }) => s.step)).toEqual(['authorized']);

    // Somebody else's payment does not exist for this fan.
    const other = await createUser(t.database.db);
    const otherCookie = await signIn(t.app, other.email ?? '');
    expect((await get(`/api/billing/transactions/${answered.paymentId}`, otherCookie)).statusCode).toBe(404);
    expect((await get('/api/billing/transactions/not-a-uuid', fanCookie)).statusCode).toBe(400);
  });

  test('the CSV has the same rows, UTF-8 with BOM, every cell quoted, formulas neutralised', async () => {
    const { fanCookie, refunded, answered, pending } = await fanWithThreeMessages();
    const res = await get('/api/billing/export.csv', fanCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fanline-billing-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    expect(lines[0]).toBe(
      '"Date","Creator","Username","Message preview","Amount (USD)","Status","Outcome","Payment ID","Conversation"',
    );
    const rows = lines.slice(1);
    const cells = rows.map(parseCsvLine);
    expect(cells.map((r) => r[5])).toEqual(['pending', 'completed', 'released']);
    // Issue 36 §5: what became of each message, in the billing page's words.
    expect(cells.map((r) => r[6])).toEqual(['Pending', 'Answered', 'Expired']);
    expect(cells.map((r) => r[3]?.startsWith("'=HYPERLINK("))).toEqual([false, false, true]);
    expect(cells.map((r) => r[4])).toEqual(['50.00', '25.00', '30.00']);
    expect(rows[0]).toContain(`/messages/${pending.messageId}"`);
    expect(rows[1]).toContain(answered.paymentId);
    // The formula comes out as text: apostrophe first, quotes doubled.
    expect(rows[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""click me"")`);
    expect(cells[2]?.[3]).toBe(`'${FORMULA.slice(0, 49)}…`);
    expect(rows[2]).toContain(refunded.paymentId);
  });
});

/** Reads one line of quoted cells back, as a spreadsheet would. */
function parseCsvLine(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replaceAll('""', '"'));
}

describe('mail to the fan', () => {
  const mailsTo = (email: string) => t.app.mailer.outbox().filter((m) => m.to === email);

  test('a reply and a released hold each mail the fan, through the mailer, without SMTP', async () => {
    const { fan } = await fanWithThreeMessages();
    const mails = mailsTo(fan.email ?? '');
    const reply = mails.find((m) => m.subject.includes('replied to your message'));
    expect(reply?.text).toContain(REPLY);
    expect(reply?.text).toMatch(/http:\/\/localhost:3000\/messages\/[0-9a-f-]{36}/);
    const refund = mails.find((m) => m.subject.includes('not charged'));
    expect(refund?.text).toContain('did not reply within 24 hours');
    expect(refund?.text).toContain('$30');
    expect(refund?.text).toContain('hold on your card was released');
  });

  test('a fan who turned email notifications off gets none', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/me/notification-preferences',
      headers: { cookie: fanCookie },
      payload: { email: false, push: true, marketing: false },
    });
    expect(saved.statusCode).toBe(200);
    const sent = await sendPaidMessage(t.app, fanCookie, creator.id);
    expect((await post(`/api/messages/${sent.messageId}/reply`, creatorCookie, { content: REPLY })).statusCode).toBe(
      200,
    );
    const other = await createCreator(t.database.db);
    await sendPaidMessage(t.app, fanCookie, other.id);
    t.clock.advance(25 * HOUR);
    await expireMessages(t.app);
    expect(mailsTo(fan.email ?? '')).toEqual([]);
  });
});

describe('payments config', () => {
  test('gives the live response window', async () => {
    const res = await get('/api/payments/config');
    expect(res.json()).toMatchObject({ provider: 'local', responseWindowHours: 24 });
  });
});

describe('a charge captured at send time (window longer than a card hold)', () => {
  test('comes back as a refund: status, timeline with the 5–10 business days note, and its own mail', async () => {
    const shortHold = await createTestApp({
      database: t.database,
      env: { AUTH_IP_LIMIT: '10000', PAYMENT_HOLD_HOURS: '12' },
    });
    try {
      const { fan, creator, fanCookie } = await fanAndCreator(shortHold.app, shortHold.database.db, {
        messagePrice: 4000,
      });
      const sent = await sendPaidMessage(shortHold.app, fanCookie, creator.id);
      shortHold.clock.advance(25 * HOUR);
      await expireMessages(shortHold.app);
      const call = (url: string) => shortHold.app.inject({ method: 'GET', url, headers: { cookie: fanCookie } });
      const [row] = (await call('/api/billing/transactions')).json().transactions;
      expect(row).toMatchObject({ paymentId: sent.paymentId, status: 'refunded', amountCents: 4000 });
      const timeline = (await call(`/api/billing/transactions/${sent.paymentId}`)).json();
      expect(timeline.steps.map((s: { step: string }) => s.step)).toEqual(['authorized', 'refunded']);
      expect(timeline.returnNote).toContain('5–10 business days');
      expect((await call('/api/billing/summary')).json()).toMatchObject({ totalSpentCents: 0, returnedCents: 4000 });
      const mail = shortHold.app.mailer.outbox().find((m) => m.to === fan.email);
      expect(mail?.subject).toContain('$40 refunded');
      expect(mail?.text).toContain('5–10 business days');
      expect(await unbalancedTransactions(shortHold.database.db)).toBe(0);
    } finally {
      await shortHold.close();
    }
  });
});
