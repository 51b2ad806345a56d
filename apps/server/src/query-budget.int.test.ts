import { beforeAll, describe, expect, it } from 'vitest';
import {
  confirmAuthorization,
  fanAndCreator,
  isTransactionControl,
  type RecordedStatement,
  recordStatements,
  type StatementRecorder,
  sendPaidMessage,
  startCheckout,
  useTestApp,
} from './testing';

// Issue 14 budget: how many SQL statements one request of each hot route sends, counted at the driver
// while the route is warm (settings and other per-process caches filled by an earlier request). These
// ceilings are today's counts (browse 1 prepared statement; a profile 1, the creator by the
// lower(username) index — a repeat view inside its 5-minute window is known from memory, so the
// window upsert is not sent again), so a change that adds a round trip fails here instead of slowing
// the bench silently. The lists are the session lookup plus one query.
const BUDGET = {
  browse: 1,
  profile: 1,
  fanConversations: 2,
  creatorInbox: 2,
  /**
   * A paid message going live (confirmAuthorization) until its transaction commits: the locking read
   * of payment, creator and message, and the announcement that carries the payment's write (with the
   * block check), the message's start of its window, the hold's ledger legs and the notification. The
   * creator's tabs hear of it at that commit (SSE delivery).
   */
  paymentGoesLive: 2,
};

const t = useTestApp();
let recorder: StatementRecorder;
let fanCookie: string;
let creatorCookie: string;
let creatorUsername: string;

beforeAll(async () => {
  recorder = recordStatements(t.database);
  const people = await fanAndCreator(t.app, t.database.db);
  fanCookie = people.fanCookie;
  creatorCookie = people.creatorCookie;
  creatorUsername = people.creator.username ?? '';
  await sendPaidMessage(t.app, fanCookie, people.creator.id);
  await sendPaidMessage(t.app, fanCookie, people.creator.id, 'A second question about my training plan, please.');
});

/** The statements one warm request sends (transaction control left out), with its status. */
async function statementsOf(url: string, cookie?: string): Promise<RecordedStatement[]> {
  const request = { method: 'GET' as const, url, headers: cookie ? { cookie } : {} };
  expect((await t.app.inject(request)).statusCode).toBe(200);
  recorder.start();
  const response = await t.app.inject(request);
  const statements = recorder.stop().filter((s) => !isTransactionControl(s.text));
  expect(response.statusCode).toBe(200);
  // A recorder that heard nothing would pass every ceiling: each of these routes reads something.
  expect(statements.length).toBeGreaterThan(0);
  return statements;
}

const describeStatements = (statements: RecordedStatement[]) =>
  statements.map((s, i) => `${i + 1}. ${s.text.replace(/\s+/g, ' ').slice(0, 120)}`).join('\n');

describe('statements per request on the hot routes (issue 14 budget)', () => {
  it('browse sends at most its budget', async () => {
    const statements = await statementsOf('/api/creators?sort=price_asc&minPrice=1000&categories=Fitness,Music');
    expect(statements.length, describeStatements(statements)).toBeLessThanOrEqual(BUDGET.browse);
  });

  it("a creator's public profile sends at most its budget", async () => {
    const statements = await statementsOf(`/api/profiles/${creatorUsername}`);
    expect(statements.length, describeStatements(statements)).toBeLessThanOrEqual(BUDGET.profile);
  });

  it("a fan's conversation list sends at most its budget", async () => {
    const statements = await statementsOf('/api/conversations', fanCookie);
    expect(statements.length, describeStatements(statements)).toBeLessThanOrEqual(BUDGET.fanConversations);
  });

  it("a creator's inbox sends at most its budget", async () => {
    const statements = await statementsOf('/api/conversations', creatorCookie);
    expect(statements.length, describeStatements(statements)).toBeLessThanOrEqual(BUDGET.creatorInbox);
  });
});

describe('statements until a paid message is live (issue 14 budget, SSE delivery)', () => {
  it('confirming an authorization commits after at most its budget', async () => {
    const people = await fanAndCreator(t.app, t.database.db);
    const checkout = async () =>
      startCheckout(t.app, { senderId: people.fan.id, recipientId: people.creator.id, content: 'A question, please.' });
    await confirmAuthorization(t.app, { paymentId: (await checkout()).paymentId, captured: false });
    const { paymentId } = await checkout();
    recorder.start();
    await confirmAuthorization(t.app, { paymentId, captured: false });
    const sent = recorder.stop();
    // Up to the announcement the creator's tabs wait for (it goes out at the commit); what comes after
    // it (the admin feed's nudge, the creator's mail) does not delay delivery.
    const announcement = sent.findIndex((s) =>
      s.params.some((param) => typeof param === 'string' && param.includes('"type":"message"')),
    );
    expect(announcement).toBeGreaterThan(0);
    const statements = sent.slice(0, announcement + 1).filter((s) => !isTransactionControl(s.text));
    expect(statements.length, describeStatements(statements)).toBeLessThanOrEqual(BUDGET.paymentGoesLive);
    expect(statements.length).toBeGreaterThan(0);
  });
});
