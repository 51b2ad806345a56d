import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { earnings, ledgerEntries } from '../../db/schema';
import { answerConversation, expireMessages } from '../../flows';
import type { Database } from '../../platform/db';
import {
  createTestApp,
  fanAndCreator,
  messageRow,
  openTestDatabase,
  sendPaidMessage,
  type TestApp,
  testDriver,
  unbalancedTransactions,
  useTestApp,
} from '../../testing';

const HOUR = 3_600_000;
let b: TestApp;
let second: Database;

// Two instances, each with its own connections and its own clock, on one database.
const a = useTestApp({ env: { AUTH_IP_LIMIT: '10000' } });
beforeAll(async () => {
  second = testDriver() === 'postgres' ? await openTestDatabase() : a.database;
  b = await createTestApp({ database: second, env: { AUTH_IP_LIMIT: '10000' } });
});
afterAll(async () => {
  await b.app.close();
  if (second !== a.database) await second.close();
});

test('both instances running the expiry job refund each message exactly once', async () => {
  const messageIds: string[] = [];
  const paymentIds: string[] = [];
  for (let i = 0; i < 4; i++) {
    const { creator, fanCookie } = await fanAndCreator(a.app, a.database.db);
    for (let j = 0; j < 3; j++) {
      const sent = await sendPaidMessage(a.app, fanCookie, creator.id);
      messageIds.push(sent.messageId);
      paymentIds.push(sent.paymentId);
    }
  }
  const later = new Date(a.clock.now().getTime() + 25 * HOUR);
  a.clock.set(later);
  b.clock.set(later);
  const counts = await Promise.all([
    expireMessages(a.app, 5),
    expireMessages(b.app, 5),
    expireMessages(a.app, 5),
    expireMessages(b.app, 5),
  ]);
  await Promise.all([expireMessages(a.app), expireMessages(b.app)]);
  for (const id of messageIds) expect((await messageRow(a.database.db, id)).status).toBe('refunded');
  const ours = counts.reduce((sum, n) => sum + n, 0);
  expect(ours).toBeGreaterThanOrEqual(0);
  const releases = await a.database.db
    .select({ paymentId: ledgerEntries.paymentId, transactionId: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.paymentId, paymentIds));
  const releaseTxns = new Map<string, Set<string>>();
  for (const row of releases) {
    if (!row.paymentId) continue;
    const set = releaseTxns.get(row.paymentId) ?? new Set();
    set.add(row.transactionId);
    releaseTxns.set(row.paymentId, set);
  }
  // One authorize and one release transaction per payment, never two releases.
  for (const id of paymentIds) expect(releaseTxns.get(id)?.size, id).toBe(2);
  expect(await unbalancedTransactions(a.database.db)).toBe(0);
});

describe('a reply racing the expiry job', () => {
  test('ends in exactly one outcome, every time', async () => {
    for (let round = 0; round < 6; round++) {
      const { creator, fanCookie } = await fanAndCreator(a.app, a.database.db);
      const { messageId, paymentId } = await sendPaidMessage(a.app, fanCookie, creator.id);
      const deadline = (await messageRow(a.database.db, messageId)).expiresAt?.getTime() ?? 0;
      // Instance A still sees the window open; instance B sees it closed.
      a.clock.set(new Date(deadline - 1));
      b.clock.set(new Date(deadline + 1));
      const [reply, expired] = await Promise.allSettled([
        answerConversation(a.app, {
          creatorId: creator.id,
          messageId,
          content: 'Answering right at the deadline!',
          kind: 'response',
        }),
        expireMessages(b.app),
      ]);
      const status = (await messageRow(a.database.db, messageId)).status;
      const earned = await a.database.db.select().from(earnings).where(eq(earnings.messageId, messageId));
      if (status === 'responded') {
        expect(reply.status).toBe('fulfilled');
        expect(earned).toHaveLength(1);
      } else {
        expect(status).toBe('refunded');
        expect(reply.status).toBe('rejected');
        expect(earned).toHaveLength(0);
      }
      expect(expired.status).toBe('fulfilled');
      const kinds = (
        await a.database.db
          .select({ kind: ledgerEntries.kind })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.paymentId, paymentId))
      ).map((r) => r.kind);
      expect(kinds.filter((k) => k === 'capture').length > 0 && kinds.filter((k) => k === 'release').length > 0).toBe(
        false,
      );
    }
    expect(await unbalancedTransactions(a.database.db)).toBe(0);
  });
});
