import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages, payments, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { fixedStatement } from '../../platform/prepared';
import { isBlockedSql } from '../care';
import { ACCOUNTS, ledgerTransactionPart } from '../ledger';
import { messageGoesLive } from '../messages';
import { notificationPart } from '../notifications';
import { type DeliverHere, messageChangeNotices } from '../realtime';

// The three statements every paid message takes (confirm-authorization.ts), rendered once with
// placeholders and run by name: neither drizzle nor PostgreSQL builds them again for each payment
// (issue 14, SSE delivery; decision 0017 rounds 5 and 6).

const creator = alias(profiles, 'creator');
const sender = alias(profiles, 'sender');
const p = (name: string) => sql.placeholder(name);

/**
 * Locks the payment and then its creator (locked, so two fans paying for a creator's last free slot
 * at once are counted one after the other), and brings the payer's name and the message's
 * conversation and text for the announcement: one round trip.
 */
const lockRead = fixedStatement(
  'confirm_lock',
  sql`select ${payments.id} as "id", ${payments.status} as "status", ${payments.messageId} as "messageId",
      ${payments.recipientId} as "recipientId", ${payments.senderId} as "senderId",
      ${payments.amountTotal} as "amountTotal", ${payments.paymentIntentId} as "paymentIntentId",
      ${messages.conversationId} as "conversationId", ${messages.content} as "content", ${messages.amount} as "amount",
      ${sender.displayName} as "senderDisplayName", ${sender.username} as "senderUsername",
      ${creator.isCreator} as "isCreator", ${creator.isAvailable} as "isAvailable",
      ${creator.messagePrice} as "messagePrice", ${creator.maxOpenMessages} as "maxOpen",
      ${creator.dailyMessageCap} as "dailyCap", ${creator.vacationUntil} as "vacationUntil"
    from ${payments}
    join ${profiles} as ${creator} on ${creator.id} = ${payments.recipientId}
    join ${messages} on ${messages.id} = ${payments.messageId}
    left join ${profiles} as ${sender} on ${sender.id} = ${payments.senderId}
    where ${payments.id} = ${p('paymentId')}
    for update of ${sql.identifier('payments')}, ${sql.identifier('creator')}`,
);

interface LockedRow {
  id: string;
  status: string;
  messageId: string | null;
  recipientId: string;
  senderId: string;
  amountTotal: number;
  paymentIntentId: string | null;
  conversationId: string;
  content: string;
  amount: number;
  senderDisplayName: string | null;
  senderUsername: string | null;
  isCreator: boolean;
  isAvailable: boolean;
  messagePrice: number | null;
  maxOpen: number | null;
  dailyCap: number | null;
  vacationUntil: string | Date | null;
}

export async function lockPaymentForConfirmation(tx: Db, paymentId: string) {
  const [row] = (await lockRead(tx, { paymentId })) as unknown as LockedRow[];
  if (!row) return undefined;
  return {
    payment: {
      id: row.id,
      status: row.status,
      messageId: row.messageId,
      recipientId: row.recipientId,
      senderId: row.senderId,
      amountTotal: row.amountTotal,
      paymentIntentId: row.paymentIntentId,
    },
    message: { conversationId: row.conversationId, content: row.content, amount: row.amount },
    senderDisplayName: row.senderDisplayName,
    senderUsername: row.senderUsername,
    creator: {
      isCreator: row.isCreator,
      isAvailable: row.isAvailable,
      messagePrice: row.messagePrice,
      maxOpen: row.maxOpen,
      dailyCap: row.dailyCap,
      // Read raw, as both drivers hand a timestamp to drizzle (PGlite may already give a Date).
      vacationUntil: row.vacationUntil === null ? null : new Date(row.vacationUntil),
    },
  };
}

/**
 * The payment's write that makes it authorized (or succeeded), with the block check riding on it: a
 * statement that starts after the creator's row lock, so it sees a block committed while the lock was
 * awaited. No row changed: the creator blocked this fan.
 */
const goLive = fixedStatement(
  'confirm_go_live',
  sql`update ${payments}
    set ${sql.identifier(payments.status.name)} = ${p('status')},
      ${sql.identifier(payments.paymentIntentId.name)} = ${p('paymentIntentId')},
      ${sql.identifier(payments.captureBefore.name)} = ${p('captureBefore')},
      ${sql.identifier(payments.updatedAt.name)} = ${p('now')}
    where ${payments.id} = ${p('paymentId')}
      and not ${isBlockedSql(p('creatorId'), p('fanId'))}
    returning ${payments.id} as "id"`,
);

export async function markPaymentLive(
  tx: Db,
  values: {
    paymentId: string;
    creatorId: string;
    fanId: string;
    status: 'authorized' | 'succeeded';
    paymentIntentId: string | null;
    captureBefore: Date | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await goLive(tx, {
    ...values,
    captureBefore: values.captureBefore?.toISOString() ?? null,
    now: values.now.toISOString(),
  });
  return rows.length > 0;
}

/**
 * The message goes live, the hold is booked, the creator's notification is written and every open
 * tab concerned hears of it: one statement (PostgreSQL runs each data-modifying WITH part once),
 * whose words go out when the transaction commits and never if it rolls back. Its summaries trigger
 * runs inside it. Built at the first payment, not at import: the modules whose parts it joins import
 * this one in turn.
 */
function buildAnnouncement() {
  const paid = messageGoesLive('paid');
  const hold = ledgerTransactionPart('hold', 2);
  const notice = notificationPart('notice');
  const announced = messageChangeNotices('announced', { adminActivity: true });
  const run = fixedStatement(
    'confirm_announce',
    sql`with w0 as (${paid.sql}), w1 as (${hold.sql}), w2 as (${notice.sql}) select ${announced.sql}`,
  );
  return { paid, hold, notice, announced, run };
}
let announcement: ReturnType<typeof buildAnnouncement> | undefined;

/**
 * Makes the paid message live inside the payment's transaction (messages' messageGoesLive starts its
 * response window) and announces it; returns what to call once that transaction has committed, so
 * this instance's own streams hear of it at once (realtime's event bus).
 */
export async function announcePaidMessage(
  ctx: Pick<AppContext, 'events'>,
  tx: Db,
  opts: {
    payment: { id: string; recipientId: string; senderId: string; amountTotal: number };
    message: { id: string; conversationId: string; content: string };
    senderName: string;
    now: Date;
    windowHours: number;
  },
): Promise<DeliverHere> {
  announcement ??= buildAnnouncement();
  const { paid, hold, notice, announced, run } = announcement;
  const { payment, message, now } = opts;
  const booked = hold.fill({
    kind: 'authorize',
    paymentId: payment.id,
    legs: [
      { account: ACCOUNTS.card, amount: -payment.amountTotal },
      { account: ACCOUNTS.senderHold, amount: payment.amountTotal },
    ],
  });
  const note = notice.fill({
    userId: payment.recipientId,
    type: 'new_message',
    title: `New message from ${opts.senderName}`,
    body: message.content,
    messageId: message.id,
    now,
  });
  const words = announced.fill(ctx, {
    notify: { userId: payment.recipientId, notificationId: note.id },
    participants: [payment.recipientId, payment.senderId],
    messageId: message.id,
    conversationId: message.conversationId,
    status: paid.status,
    adminActivity: 'payment',
  });
  await run(tx, {
    ...paid.fill({ messageId: message.id, now, windowHours: opts.windowHours }),
    ...booked.values,
    ...note.values,
    ...words.values,
  });
  return words.deliverHere;
}
