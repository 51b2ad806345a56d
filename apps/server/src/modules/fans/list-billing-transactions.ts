import { BILLING_PREVIEW_LENGTH, type TBillingStatus } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { billingStatus, type OutcomeColumns, outcomeColumns, outcomeOf, paidBySender, rowsOf } from './billing-sql';

interface Row extends OutcomeColumns {
  payment_id: string;
  message_id: string;
  username: string;
  display_name: string | null;
  content: string;
  amount_total: number;
  billing: TBillingStatus;
  created_at: Date | string;
  created_key: string;
}

/** spec §2 Sender billing: the preview is the message cut to 50 characters. */
export function billingPreview(content: string): string {
  const chars = Array.from(content);
  return chars.length > BILLING_PREVIEW_LENGTH ? `${chars.slice(0, BILLING_PREVIEW_LENGTH - 1).join('')}…` : content;
}

/**
 * One page of the fan's transactions, newest first, walked by keyset on (created_at, id) along
 * payments_sender_created_idx. Used by the list and, page by page, by the CSV export.
 */
export async function listBillingTransactions(db: Db, opts: { senderId: string; cursor?: string; limit: number }) {
  const after = opts.cursor ? decodeCursor(opts.cursor, 'timestamp') : null;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select p.id as payment_id, m.id as message_id, c.username, c.display_name, m.content, p.amount_total,
        ${billingStatus} as billing, ${outcomeColumns}, p.created_at, p.created_at::text as created_key
      from payments p
      join messages m on m.id = p.message_id
      join profiles c on c.id = p.recipient_id
      where ${paidBySender(opts.senderId)}
        ${after ? sql`and (p.created_at, p.id) < (${after.value}::timestamptz, ${after.id}::uuid)` : sql``}
      order by p.created_at desc, p.id desc
      limit ${opts.limit + 1}
    `),
  );
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    transactions: page.map((row) => ({
      paymentId: row.payment_id,
      messageId: row.message_id,
      creator: { username: row.username, displayName: row.display_name },
      preview: billingPreview(row.content),
      amountCents: row.amount_total,
      status: row.billing,
      ...outcomeOf(row),
      createdAt: new Date(row.created_at),
    })),
    nextCursor: rows.length > opts.limit && last ? encodeCursor(last.created_key, last.payment_id) : null,
  };
}
