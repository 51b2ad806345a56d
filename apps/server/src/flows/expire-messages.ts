import { claimDueMessages } from '../modules/messages';
import { createNotifications } from '../modules/notifications';
import { enqueueEffects } from '../modules/outbox';
import { paymentIdsForMessages, releaseEffect } from '../modules/payments';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { carryOutEffects, effect } from './effects';

/**
 * Expire: the expiry job (ARCHITECTURE §1 Jobs, §3) claims paid messages past their deadline with
 * FOR UPDATE SKIP LOCKED, so any number of instances share the work and a message a reply holds is
 * left alone; marks them refunded, tells the fan, then lets the money go. Returns how many expired.
 */
export async function expireMessages(
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'>,
  limit = EXPIRY_BATCH,
): Promise<number> {
  // Issue 14 (10,000 due messages settled within a minute): one pass claims batches until none is
  // left, instead of one batch of 100 per JOBS_INTERVAL_SECONDS tick. A pass stops after
  // MAX_BATCHES so the other jobs still run; the next tick carries on.
  let expired = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const count = await refundPaidMessages(app, { limit });
    expired += count;
    if (count < limit) break;
  }
  return expired;
}

/** Messages claimed per transaction by the expiry job. */
export const EXPIRY_BATCH = 500;
const MAX_BATCHES = 100;
/** Messages whose events share one statement (two pg_notify calls each). */
const EVENT_CHUNK = 100;

/** What announceMessageChange sends for one refunded message: the fan's notification, then the change. */
function refundEvents(message: {
  id: string;
  senderId: string;
  recipientId: string;
  conversationId: string;
  notificationId: string;
}) {
  return [
    { userIds: [message.senderId], event: { type: 'notification' as const, notificationId: message.notificationId } },
    {
      userIds: [message.senderId, message.recipientId],
      event: {
        type: 'message' as const,
        messageId: message.id,
        conversationId: message.conversationId,
        status: 'refunded',
      },
    },
  ];
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * The expiry path itself: claim, mark refunded, notify, and write the effects that follow (the
 * release or refund of the money, then each fan's mail) to the outbox (decision 0022). With
 * `messageId` it refunds that one pending paid message now, whatever its deadline (the admin's
 * stuck-payment action), through exactly the same steps; `inClaim` runs inside the claiming
 * transaction (the admin's audit row) only when something was claimed.
 */
export async function refundPaidMessages(
  app: Pick<AppContext, 'db' | 'clock' | 'config' | 'payments' | 'mailer' | 'events' | 'log' | 'outbox' | 'storage'>,
  opts: { limit?: number; messageId?: string; inClaim?: (tx: Tx, ids: string[]) => Promise<void> },
): Promise<number> {
  const limit = opts.limit ?? 100;
  const now = app.clock.now();
  const claimed = await app.db.transaction(async (tx) => {
    const due = await claimDueMessages(tx, { limit, now, messageId: opts.messageId });
    if (due.length === 0) return { count: 0, effects: [], deliverHere: [] };
    const created = await createNotifications(
      tx,
      due.map((message) => ({
        userId: message.senderId,
        type: 'message_refunded' as const,
        title: 'Your message was refunded',
        body: 'The creator did not reply in time, so you were not charged for this message.',
        messageId: message.id,
        now,
      })),
    );
    const notificationOf = new Map(created.map((n) => [n.messageId, n.id]));
    const notified = due.map((message) => ({ ...message, notificationId: notificationOf.get(message.id) ?? '' }));
    if (opts.inClaim)
      await opts.inClaim(
        tx,
        due.map((m) => m.id),
      );
    // Each fan's and creator's tabs hear of it when the claim commits: one statement per
    // EVENT_CHUNK messages instead of a round trip each after it (issue 14).
    const deliverHere: Array<() => void> = [];
    for (let i = 0; i < notified.length; i += EVENT_CHUNK) {
      deliverHere.push(
        await app.events.publishAll(
          notified.slice(i, i + EVENT_CHUNK).flatMap((message) => refundEvents(message)),
          tx,
        ),
      );
    }
    // The batch's money goes back in one effect (payments' releasePayments), then each fan is mailed
    // (after it, so the mail says what happened to the money: a released hold or a refund).
    const release = releaseEffect(
      due[0]?.id ?? '',
      await paymentIdsForMessages(
        tx,
        due.map((m) => m.id),
      ),
    );
    const mails = due.map((message) =>
      effect(
        'mail-refund',
        `mail-refund:${message.id}`,
        { fanId: message.senderId, creatorId: message.recipientId, messageId: message.id },
        { after: release.key },
      ),
    );
    return { count: due.length, deliverHere, effects: await enqueueEffects(tx, [release, ...mails], now) };
  });
  // Committed: this instance's streams hear of it now (and, on the NATS bus, every instance's).
  for (const deliver of claimed.deliverHere) deliver();

  // Refunded: those creators' response rates and open counts, the landing's answered rate.
  if (claimed.count > 0) await announceCardChange(app);
  await carryOutEffects(app, claimed.effects);
  return claimed.count;
}
