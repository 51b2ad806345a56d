import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages, payments, profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { fixedStatement } from '../../platform/prepared';
import { isBlockedSql } from '../care';

// The two statements every paid message takes before its announcement (confirm-authorization.ts),
// rendered once with placeholders and run by name: neither drizzle nor PostgreSQL builds them again
// for each payment (issue 14, SSE delivery; decision 0017 round 5).

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
