import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { outbox, outboxPrunedKeys } from '../../db/schema';
import { createAdmin, fanAndCreator, paymentRow, sendPaidMessage, signIn, useTestApp } from '../../testing';
import { runJobsOnce } from '../../testing/jobs';
import { captureEffect, createLocalProvider } from '../payments';
import type { PaymentProvider } from '../payments/provider';
import { enqueueEffects } from './enqueue';
import { MAX_ATTEMPTS } from './run-outbox';

// driver-sensitive: the jobs pass's deletes in batches and the writer's skip of a kept key, on both databases.
// Issue 40 point 4, decisions 0039 and 0063, through HTTP and the jobs pass on both databases: done
// rows pruned on schedule keep deduplicating by their key for OUTBOX_PRUNED_KEY_DAYS, and a dropped
// row's key keeps the reconciler's rewrites from running for good.

const DAY = 86_400_000;
const captures: string[] = [];
const local = createLocalProvider(120);
let down = false;
const provider: PaymentProvider = {
  ...local,
  async capture(payment) {
    captures.push(payment.id);
    if (down) throw new Error('provider unreachable');
    return local.capture(payment);
  },
};
const t = useTestApp({
  env: { AUTH_IP_LIMIT: '10000', OUTBOX_RETENTION_DAYS: '30', OUTBOX_PRUNED_KEY_DAYS: '90' },
  payments: provider,
});
let adminEmail = '';
beforeAll(async () => {
  adminEmail = (await createAdmin(t.database.db)).email ?? '';
});

async function answered() {
  const { creator, fanCookie, creatorCookie } = await fanAndCreator(t.app, t.database.db);
  const { messageId, paymentId } = await sendPaidMessage(t.app, fanCookie, creator.id);
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/messages/${messageId}/reply`,
    headers: { cookie: creatorCookie },
    payload: { content: 'Thanks for writing, here is my answer.' },
  });
  expect(reply.statusCode).toBe(200);
  return paymentId;
}
const rowOf = async (key: string) => (await t.database.db.select().from(outbox).where(eq(outbox.key, key)))[0];
const keptKeys = async (keys: string[]) =>
  t.database.db.select().from(outboxPrunedKeys).where(inArray(outboxPrunedKeys.key, keys));

describe('pruned outbox keys still deduplicate', () => {
  test('a done capture, pruned on schedule, is not carried out again when written again', async () => {
    const paymentId = await answered();
    const key = captureEffect(paymentId).key;
    expect((await rowOf(key))?.status).toBe('done');
    expect(captures.filter((id) => id === paymentId)).toHaveLength(1);

    // 31 days on, the jobs pass prunes the done row and keeps its key.
    t.clock.advance(31 * DAY);
    await runJobsOnce(t.app);
    expect(await rowOf(key)).toBeUndefined();
    expect(await keptKeys([key])).toMatchObject([{ key, dropped: false }]);

    // The same effect written again, as the reconciler writes it: no row, no second capture.
    await enqueueEffects(t.database.db, [captureEffect(paymentId)], t.clock.now());
    await runJobsOnce(t.app);
    expect(await rowOf(key)).toBeUndefined();
    expect(captures.filter((id) => id === paymentId)).toHaveLength(1);
    expect((await paymentRow(t.database.db, paymentId))?.status).toBe('succeeded');

    // Past OUTBOX_PRUNED_KEY_DAYS after it ran, no duplicate can arrive any more: the key goes.
    t.clock.advance(60 * DAY);
    await runJobsOnce(t.app);
    expect(await keptKeys([key])).toEqual([]);
  });

  test("a dropped capture's key stays for good: the reconciler's rewrites never run it", async () => {
    down = true;
    const paymentId = await answered();
    const key = captureEffect(paymentId).key;
    // It failed at once; after its last attempt it is dead (the earlier 23 retries skipped here).
    await t.database.db
      .update(outbox)
      .set({ attempts: MAX_ATTEMPTS - 1, runAt: t.clock.now() })
      .where(eq(outbox.key, key));
    await runJobsOnce(t.app);
    const dead = await rowOf(key);
    expect(dead?.status).toBe('dead');
    const dropped = await t.app.inject({
      method: 'POST',
      url: `/api/admin/stuck-jobs/${dead?.id}/drop`,
      headers: { cookie: await signIn(t.app, adminEmail) },
    });
    expect(dropped.json()).toEqual({ outcome: 'dropped' });
    down = false;
    const tries = captures.filter((id) => id === paymentId).length;

    // A year and more: pruned, the key kept, and the reconciler (which sees an answered message whose
    // money never moved) writes the capture on every pass; it never runs.
    for (const days of [31, 100, 300]) {
      t.clock.advance(days * DAY);
      await runJobsOnce(t.app);
      expect(await rowOf(key)).toBeUndefined();
      expect(await keptKeys([key])).toMatchObject([{ key, dropped: true }]);
    }
    expect(captures.filter((id) => id === paymentId)).toHaveLength(tries);
  });
});
