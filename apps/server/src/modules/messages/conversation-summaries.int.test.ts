import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import {
  createCreator,
  createUser,
  fanAndCreator,
  sendPaidMessage,
  signIn,
  TEST_PASSWORD,
  testDriver,
  useTestApp,
} from '../../testing';

// Decision 0019: the conversation list pages over conversation_summaries, which triggers on
// `messages` keep in the same statement as each change. The lifecycle property test checks every row
// against its recomputation after every step; these are the cases it cannot reach: two transactions
// changing one conversation at once (PostgreSQL), and rows going away with an account's messages.

const t = useTestApp();
const MINUTE = 60_000;

async function listOf(cookie: string) {
  const response = await t.app.inject({ url: '/api/conversations', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json().conversations as Array<{
    conversationId: string;
    lastMessageId: string;
    lastMessageFromMe: boolean;
    messageCount: number;
    pendingCount: number;
    waitingCount: number;
  }>;
}

describe.skipIf(testDriver() !== 'postgres')('two transactions changing one conversation at once', () => {
  test('the one that commits second recomputes with the first one’s change, so the list stays right', async () => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const first = await sendPaidMessage(t.app, fanCookie, creator.id);
    await sendPaidMessage(t.app, fanCookie, creator.id, 'A second question about my training plan, please.');
    const conversationId = first.messageId;
    const now = t.clock.now();
    const pool = t.database.pool;
    if (!pool) throw new Error('postgres without a pool');
    const one = await pool.connect();
    const two = await pool.connect();
    const watcher = await pool.connect();
    try {
      const twoPid = (await two.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      await one.query('begin');
      await two.query('begin');
      // 1: the creator's free follow-up joins the conversation as its newest message (not committed yet).
      const followup = await one.query<{ id: string }>(
        `insert into messages (conversation_id, sender_id, recipient_id, content, amount, status, is_followup, created_at, updated_at)
         values ($1, $2, $3, 'A free follow-up with one more tip for you.', 0, 'sent', true, $4, $4) returning id`,
        [conversationId, creator.id, fan.id, new Date(now.getTime() + MINUTE)],
      );
      // 2: meanwhile the first paid message is answered. Its summary update waits for 1's lock; had it
      // recomputed from the snapshot it started with, it would not count the follow-up.
      const answering = two.query(
        `update messages set status = 'responded', responded_at = $2, response_content = 'Thanks! Here is my honest answer to you.'
         where id = $1`,
        [first.messageId, now],
      );
      await waitForLock(watcher, twoPid);
      await one.query('commit');
      await answering;
      await two.query('commit');
      const followupId = followup.rows[0]?.id;

      const [fanView] = await listOf(fanCookie);
      expect(fanView).toMatchObject({
        conversationId,
        lastMessageId: followupId,
        lastMessageFromMe: false,
        messageCount: 3,
        waitingCount: 1,
      });
      const [creatorView] = await listOf(creatorCookie);
      expect(creatorView).toMatchObject({
        conversationId,
        lastMessageId: followupId,
        lastMessageFromMe: true,
        messageCount: 3,
        pendingCount: 1,
      });
    } finally {
      await one.query('rollback').catch(() => {});
      await two.query('rollback').catch(() => {});
      one.release();
      two.release();
      watcher.release();
    }
  });
});

// Migration 0022: a paid message going live updates its two rows in place. Either way round, the
// other transaction's full recomputation and that in-place update must add up.
describe.skipIf(testDriver() !== 'postgres')('a message going live beside a reply in its conversation', () => {
  test.each([['the message goes live first'], ['the reply goes first']])('%s', async (order) => {
    const { fan, creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
    const first = await sendPaidMessage(t.app, fanCookie, creator.id);
    const conversationId = first.messageId;
    const now = t.clock.now();
    // A second paid message still at checkout (pending), newer than the first.
    const pending = await t.database.db.execute(sql`insert into messages
        (conversation_id, sender_id, recipient_id, content, amount, status, created_at, updated_at)
      values (${conversationId}, ${fan.id}, ${creator.id}, 'My second question, paid and waiting.', 2500, 'pending',
        ${new Date(now.getTime() + MINUTE)}, ${new Date(now.getTime() + MINUTE)}) returning id`);
    const pendingId = (pending as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
    const pool = t.database.pool;
    if (!pool) throw new Error('postgres without a pool');
    const [one, two, watcher] = [await pool.connect(), await pool.connect(), await pool.connect()];
    const goLive = (client: typeof one) =>
      client.query(`update messages set status = 'sent', paid_at = $2, expires_at = $3 where id = $1`, [
        pendingId,
        new Date(now.getTime() + MINUTE),
        new Date(now.getTime() + 25 * 60 * MINUTE),
      ]);
    const reply = (client: typeof one) =>
      client.query(
        `update messages set status = 'responded', responded_at = $2, response_content = 'Thanks! Here is my honest answer to you.'
         where id = $1`,
        [first.messageId, now],
      );
    const [firstStep, secondStep] = order === 'the message goes live first' ? [goLive, reply] : [reply, goLive];
    try {
      const twoPid = (await two.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      await one.query('begin');
      await two.query('begin');
      await firstStep(one);
      const waiting = secondStep(two);
      await waitForLock(watcher, twoPid);
      await one.query('commit');
      await waiting;
      await two.query('commit');

      const [fanView] = await listOf(fanCookie);
      expect(fanView).toMatchObject({ lastMessageId: pendingId, lastMessageFromMe: true, messageCount: 2 });
      expect(fanView?.waitingCount).toBe(1);
      const [creatorView] = await listOf(creatorCookie);
      expect(creatorView).toMatchObject({ lastMessageId: pendingId, lastMessageFromMe: false, messageCount: 2 });
      expect(creatorView?.pendingCount).toBe(1);
    } finally {
      await one.query('rollback').catch(() => {});
      await two.query('rollback').catch(() => {});
      one.release();
      two.release();
      watcher.release();
    }
  });
});

/** Waits until the backend `pid` is waiting for a lock (the other transaction's summary rows). */
async function waitForLock(
  client: { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> },
  pid?: number,
) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await client.query(`select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'`, [
      pid,
    ]);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the second transaction never waited for the first');
}

test('an account deleted with its messages leaves no conversation in the other party’s list', async () => {
  const { creator, creatorCookie } = await fanAndCreator(t.app, t.database.db);
  const keeper = await createUser(t.database.db);
  const leaver = await createUser(t.database.db);
  // Free messages straight into the table: an account with payments cannot be deleted (the ledger keeps them).
  for (const fan of [keeper, leaver]) {
    await t.database.db.execute(sql`insert into messages (id, conversation_id, sender_id, recipient_id, content, status)
      select id, id, ${fan.id}, ${creator.id}, 'An old free question from before paid messages.', 'responded'
      from (select gen_random_uuid() as id) as x`);
  }
  expect((await listOf(creatorCookie)).length).toBe(2);
  await t.database.db.execute(sql`delete from users where id = ${leaver.id}`);
  const left = await listOf(creatorCookie);
  expect(left.length).toBe(1);
  const keeperCookie = await signIn(t.app, keeper.email ?? '', TEST_PASSWORD);
  expect((await listOf(keeperCookie))[0]?.conversationId).toBe(left[0]?.conversationId);
  const rows = await t.database.db.execute(
    sql`select count(*)::int as n from conversation_summaries where user_id = ${leaver.id} or other_id = ${leaver.id}`,
  );
  expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
});

test('a search finds conversations by the other party’s name or the last message, and pages its matches', async () => {
  const fan = await createUser(t.database.db);
  const fanCookie = await signIn(t.app, fan.email ?? '', TEST_PASSWORD);
  const token = `zq${Date.now().toString(36)}`;
  const named = await createCreator(t.database.db, { displayName: `Coach ${token}` });
  const asked = await createCreator(t.database.db);
  const other = await createCreator(t.database.db);
  const byName = await sendPaidMessage(t.app, fanCookie, named.id);
  t.clock.advance(MINUTE);
  const byContent = await sendPaidMessage(
    t.app,
    fanCookie,
    asked.id,
    `Could you explain ${token} training to me, please?`,
  );
  t.clock.advance(MINUTE);
  await sendPaidMessage(t.app, fanCookie, other.id);

  const search = async (query: string) => {
    const response = await t.app.inject({ url: `/api/conversations?${query}`, headers: { cookie: fanCookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as { conversations: Array<{ conversationId: string }>; nextCursor: string | null };
  };
  // Newest first: the message mentioning the token, then the creator named by it; never the third.
  const all = await search(`search=${token.toUpperCase()}`);
  expect(all.conversations.map((c) => c.conversationId)).toEqual([byContent.messageId, byName.messageId]);
  expect(all.nextCursor).toBeNull();
  const first = await search(`search=${token}&limit=1`);
  expect(first.conversations.map((c) => c.conversationId)).toEqual([byContent.messageId]);
  const second = await search(`search=${token}&limit=1&cursor=${first.nextCursor}`);
  expect(second.conversations.map((c) => c.conversationId)).toEqual([byName.messageId]);
  expect(second.nextCursor).toBeNull();
  expect((await listOf(fanCookie)).length).toBe(3);
});

test('pending and waiting count only the deadlines still ahead, before the expiry job has run', async () => {
  const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
  const HOUR = 60 * MINUTE;
  const firstSent = t.clock.now().getTime();
  await sendPaidMessage(t.app, fanCookie, creator.id);
  for (const words of ['A second question, an hour later.', 'A third question, two hours later.']) {
    t.clock.advance(HOUR);
    await sendPaidMessage(t.app, fanCookie, creator.id, words);
  }
  const counts = async () => ({
    pending: (await listOf(creatorCookie))[0]?.pendingCount,
    waiting: (await listOf(fanCookie))[0]?.waitingCount,
  });
  expect(await counts()).toEqual({ pending: 3, waiting: 3 });
  // At the first deadline itself it is no longer ahead (the list counts deadlines after now).
  t.clock.set(new Date(firstSent + 24 * HOUR));
  expect(await counts()).toEqual({ pending: 2, waiting: 2 });
  t.clock.advance(HOUR - 1);
  expect(await counts()).toEqual({ pending: 2, waiting: 2 });
  t.clock.advance(1);
  expect(await counts()).toEqual({ pending: 1, waiting: 1 });
  t.clock.advance(2 * HOUR);
  expect(await counts()).toEqual({ pending: 0, waiting: 0 });
});
