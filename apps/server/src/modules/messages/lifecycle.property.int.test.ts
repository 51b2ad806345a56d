import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { buildApp } from '../../app';
import { earnings, ledgerEntries, messages, payments } from '../../db/schema';
import { fanAndCreator, sendPaidMessage, unbalancedTransactions, useTestApp } from '../../testing';
import { confirmAuthorization, createLocalProvider, type PaymentProvider, reconcilePayments } from '../payments';
import { expireMessages } from './expire-messages';

const HOUR = 3_600_000;

type Action =
  | { kind: 'pay'; fan: number }
  | { kind: 'reply' | 'followup'; fan: number }
  | { kind: 'advance'; hours: number }
  | { kind: 'expire' }
  | { kind: 'reconcile' }
  | { kind: 'duplicateWebhook'; payment: number }
  | { kind: 'outage'; down: boolean }
  | { kind: 'restart' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), fan: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('reply' as const, 'followup' as const), fan: fc.nat(2) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicateWebhook' as const), payment: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('outage' as const), down: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

/** The local provider with an outage switch: calls fail as if the process crashed around them. */
function switchableProvider() {
  const local = createLocalProvider(120);
  const state = { down: false };
  const guard = <T>(fn: () => Promise<T>) => (state.down ? Promise.reject(new Error('provider down')) : fn());
  const provider: PaymentProvider = {
    ...local,
    capture: (p) => guard(() => local.capture(p)),
    release: (p) => guard(() => local.release(p)),
    refund: (p) => guard(() => local.refund(p)),
  };
  return { provider, state };
}

const switchable = switchableProvider();
const t = useTestApp({ env: { AUTH_IP_LIMIT: '100000' }, payments: switchable.provider });

test('over random pay / reply / follow-up / expiry / duplicate webhook / outage / restart sequences, the money is always right', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 18 }), async (actions) => {
      let app = t.app;
      const clock = t.clock;
      const people = await Promise.all([0, 1, 2].map(() => fanAndCreator(app, t.database.db)));
      const creator = people[0]?.creator;
      if (!creator) throw new Error('no creator');
      const creatorCookie = people[0]?.creatorCookie ?? '';
      const fans = people.map((p) => p.fanCookie);
      const sent: Array<{ messageId: string; paymentId: string; fan: number }> = [];
      const extraApps: Array<{ close(): Promise<void> }> = [];
      switchable.state.down = false;

      for (const step of actions) {
        switch (step.kind) {
          case 'pay':
            sent.push({ ...(await sendPaidMessage(app, fans[step.fan] ?? '', creator.id)), fan: step.fan });
            break;
          case 'reply':
          case 'followup': {
            const target = [...sent].reverse().find((m) => m.fan === step.fan);
            if (!target) break;
            await app.inject({
              method: 'POST',
              url: `/api/messages/${target.messageId}/${step.kind === 'reply' ? 'reply' : 'follow-up'}`,
              headers: { cookie: creatorCookie },
              payload: { content: 'A property-tested answer.' },
            });
            break;
          }
          case 'advance':
            clock.advance(step.hours * HOUR);
            break;
          case 'expire':
            await expireMessages(app);
            break;
          case 'reconcile':
            await reconcilePayments(app).catch(() => undefined);
            break;
          case 'duplicateWebhook': {
            const target = sent[step.payment % Math.max(sent.length, 1)];
            if (target) await confirmAuthorization(app, { paymentId: target.paymentId, captured: false });
            break;
          }
          case 'outage':
            switchable.state.down = step.down;
            break;
          case 'restart': {
            // A new instance on the same database and clock; the old one simply stops being used.
            const config = t.config;
            app = await buildApp({ config, database: t.database, clock, payments: switchable.provider, logger: false });
            extraApps.push(app);
            break;
          }
        }
      }

      // Let everything finish: the provider recovers, every window closes, the jobs run.
      switchable.state.down = false;
      clock.advance(25 * HOUR);
      await expireMessages(app);
      await reconcilePayments(app);
      await reconcilePayments(app);
      for (const extra of extraApps) await extra.close();

      const ids = sent.map((m) => m.messageId);
      if (ids.length === 0) return;
      const rows = await t.database.db.select().from(messages).where(inArray(messages.id, ids));
      // Every paid message ends in exactly one final state.
      for (const row of rows) expect(['responded', 'refunded', 'cancelled']).toContain(row.status);
      // Nothing is earned after its deadline.
      const earned = await t.database.db.select().from(earnings).where(inArray(earnings.messageId, ids));
      for (const earning of earned) {
        const message = rows.find((r) => r.id === earning.messageId);
        expect(message?.status).toBe('responded');
        expect(message?.respondedAt && message.expiresAt && message.respondedAt < message.expiresAt).toBe(true);
      }
      expect(earned).toHaveLength(rows.filter((r) => r.status === 'responded').length);
      // Per payment: captured or released, never both, never twice.
      const paymentIds = sent.map((m) => m.paymentId);
      const legs = await t.database.db
        .select({
          paymentId: ledgerEntries.paymentId,
          kind: ledgerEntries.kind,
          transactionId: ledgerEntries.transactionId,
        })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.paymentId, paymentIds));
      for (const paymentId of paymentIds) {
        const txns = new Map<string, string>();
        for (const leg of legs.filter((l) => l.paymentId === paymentId)) txns.set(leg.transactionId, leg.kind);
        const kinds = [...txns.values()];
        expect(kinds.filter((k) => k === 'authorize')).toHaveLength(1);
        expect(kinds.filter((k) => k === 'capture' || k === 'release' || k === 'refund')).toHaveLength(1);
      }
      // The ledger balances, and creator + platform = what was captured.
      expect(await unbalancedTransactions(t.database.db)).toBe(0);
      const [booked] = await t.database.db
        .select({
          creator: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${`creator_payable:${creator.id}`}), 0)::int`,
          platform: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = 'platform_revenue'), 0)::int`,
        })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.paymentId, paymentIds));
      const captured = earned.reduce((sum, e) => sum + e.totalAmount, 0);
      expect((booked?.creator ?? 0) + (booked?.platform ?? 0)).toBe(captured);
      const held = await t.database.db
        .select({ status: payments.status })
        .from(payments)
        .where(inArray(payments.id, paymentIds));
      expect(held.every((p) => ['succeeded', 'canceled', 'refunded', 'failed'].includes(p.status))).toBe(true);
    }),
    { numRuns: 12 },
  );
}, 240_000);
