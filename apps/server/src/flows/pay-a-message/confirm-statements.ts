import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { creatorCapacity, messages, payments, profiles } from '../../db/schema';
import { isBlockedSql } from '../../modules/care';
import { ACCOUNTS, ledgerTransactionPart } from '../../modules/ledger';
import { messageGoesLive } from '../../modules/messages';
import { notificationPart, pushEffect } from '../../modules/notifications';
import { type Effect, effectsPart } from '../../modules/outbox';
import { type GoLive, paymentGoesLive } from '../../modules/payments';
import { type DeliverHere, messageChangeNotices } from '../../modules/realtime';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { fixedStatement, placeholders } from '../../platform/prepared';
import { autoFlagDefinition, mailNewMessageDefinition } from './effects';

// The two statements every paid message takes (confirm-authorization.ts), rendered once with
// placeholders and run by name: neither drizzle nor PostgreSQL builds them again for each payment
// (issue 14, SSE delivery; decision 0017 rounds 5 and 6).

const creator = alias(profiles, 'creator');
const sender = alias(profiles, 'sender');
const p = (name: string) => sql.placeholder(name);

/**
 * Locks the payment and then its creator (locked, so two fans paying for a creator's last free slot
 * at once are counted one after the other), and brings the payer's name and the message's
 * conversation and text for the announcement: one round trip. The creator's capacity is a left join
 * (no row: no limits, decision 0071), read but not locked.
 */
const lockSql = sql`select ${payments.id} as "id", ${payments.status} as "status", ${payments.messageId} as "messageId",
      ${payments.recipientId} as "recipientId", ${payments.senderId} as "senderId",
      ${payments.amountTotal} as "amountTotal", ${payments.paymentIntentId} as "paymentIntentId",
      ${messages.conversationId} as "conversationId", ${messages.content} as "content", ${messages.amount} as "amount",
      ${sender.displayName} as "senderDisplayName", ${sender.username} as "senderUsername",
      ${creator.isCreator} as "isCreator", ${creator.isAvailable} as "isAvailable",
      ${creator.messagePrice} as "messagePrice", ${creatorCapacity.maxOpenMessages} as "maxOpen",
      ${creatorCapacity.dailyMessageCap} as "dailyCap", ${creatorCapacity.vacationUntil} as "vacationUntil"
    from ${payments}
    join ${profiles} as ${creator} on ${creator.id} = ${payments.recipientId}
    join ${messages} on ${messages.id} = ${payments.messageId}
    left join ${creatorCapacity} on ${creatorCapacity.creatorId} = ${payments.recipientId}
    left join ${profiles} as ${sender} on ${sender.id} = ${payments.senderId}
    where ${payments.id} = ${p('paymentId')}
    for update of ${sql.identifier('payments')}, ${sql.identifier('creator')}`;
const lockRead = fixedStatement('confirm_lock', lockSql);

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
 * The block check that rides on the payment's write (payments' paymentGoesLive): that write starts after
 * the creator's row lock, so it sees a block committed while the lock was awaited.
 */
function notBlocked() {
  const { p, fill } = placeholders('block');
  return {
    sql: sql`not ${isBlockedSql(p('creatorId'), p('fanId'))}`,
    fill: (values: { creatorId: string; fanId: string }) => fill(values),
  };
}

/**
 * The payment and its message go live, the hold is booked, the creator's notification is written and
 * every open tab concerned hears of it: one statement (PostgreSQL runs each data-modifying WITH part
 * once), whose words go out when the transaction commits and never if it rolls back. Every part after
 * the payment's write waits on it (`live`): no row there, a block, and nothing else is written. The
 * summaries trigger runs inside it. Each part is a typed function of the module that owns its table
 * (payments, messages, ledger, notifications, outbox, realtime, and care's block check: all below the
 * flows, decision 0021), composed here, in the flow that owns the statement (decision 0070).
 */
function buildAnnouncement() {
  const block = notBlocked();
  const live = paymentGoesLive('live', block.sql);
  const when = sql`exists (select 1 from live)`;
  const paid = messageGoesLive('paid', when);
  const hold = ledgerTransactionPart('hold', 2, when);
  const notice = notificationPart('notice', when);
  const effects = effectsPart('effects', 3, when);
  const announced = messageChangeNotices('announced', { adminActivity: true });
  const statement = sql`with live as (${live.sql}), w0 as (${paid.sql}), w1 as (${hold.sql}), w2 as (${notice.sql}),
      w3 as (${effects.sql})
      select ${announced.sql} from live`;
  const run = fixedStatement('confirm_go_live', statement);
  return { block, live, paid, hold, notice, effects, announced, statement, run };
}
const announcement = buildAnnouncement();

/**
 * The two statements as they are sent, by the names they are prepared under: confirm-statement.test.ts
 * renders them to confirm-statement.sql, the reviewed copy a change to any module's part shows up in.
 */
export const CONFIRM_STATEMENTS = { confirm_lock: lockSql, confirm_go_live: announcement.statement };

/**
 * Makes the payment and its message live inside the payment's transaction (messages' messageGoesLive
 * starts its response window), writes its effects to the outbox and announces it. Returns what to call
 * once that transaction has committed, so this instance's own streams hear of it at once (realtime's
 * event bus), and the keys of the effects to carry out then; or null, and nothing written, when the
 * creator has blocked this fan.
 */
export async function goLiveAndAnnounce(
  ctx: Pick<AppContext, 'events'>,
  tx: Db,
  opts: {
    payment: { id: string; recipientId: string; senderId: string; amountTotal: number };
    message: { id: string; conversationId: string; content: string; amount: number };
    senderName: string;
    goLive: GoLive;
    now: Date;
    windowHours: number;
  },
): Promise<{ deliverHere: DeliverHere; effects: string[] } | null> {
  const { block, live, paid, hold, notice, effects, announced, run } = announcement;
  const { payment, message, now } = opts;
  const booked = hold.fill({
    kind: 'authorize',
    paymentId: payment.id,
    legs: [
      { account: ACCOUNTS.card, amount: -payment.amountTotal },
      { account: ACCOUNTS.senderHold, amount: payment.amountTotal },
    ],
  });
  const title = `New message from ${opts.senderName}`;
  const note = notice.fill({
    userId: payment.recipientId,
    type: 'new_message',
    title,
    body: message.content,
    messageId: message.id,
    now,
  });
  // The effects a paid message going live leaves for after its commit (decision 0022): the
  // auto-moderation check, the creator's mail and their push (issue 26, what the bell says).
  const after: Effect[] = [
    autoFlagDefinition.make(`auto-flag:${message.id}`, { id: message.id, content: message.content }),
    mailNewMessageDefinition.make(`mail-new-message:${message.id}`, {
      creatorId: payment.recipientId,
      senderName: opts.senderName,
      message: { id: message.id, content: message.content, amount: opts.message.amount },
    }),
    pushEffect(`new-message:${message.id}`, payment.recipientId, {
      title,
      body: message.content,
      url: `/dashboard/messages/${message.id}`,
      tag: `new-message-${message.id}`,
    }),
  ];
  const written = effects.fill(after, now);
  const words = announced.fill(ctx, {
    notify: { userId: payment.recipientId, notificationId: note.id },
    participants: [payment.recipientId, payment.senderId],
    messageId: message.id,
    conversationId: message.conversationId,
    status: paid.status,
    adminActivity: 'payment',
  });
  const rows = await run(tx, {
    ...live.fill({ ...opts.goLive, paymentId: payment.id, now }),
    ...block.fill({ creatorId: payment.recipientId, fanId: payment.senderId }),
    ...paid.fill({ messageId: message.id, now, windowHours: opts.windowHours }),
    ...booked.values,
    ...note.values,
    ...written.values,
    ...words.values,
  });
  return rows.length > 0 ? { deliverHere: words.deliverHere, effects: written.keys } : null;
}
