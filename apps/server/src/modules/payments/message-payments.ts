import { eq, inArray } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The payments of these messages, for the steps that move their money after a reply, decline or expiry. */
export async function paymentIdsForMessages(tx: Db, messageIds: readonly string[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(inArray(payments.messageId, [...messageIds]));
  return rows.map((row) => row.id);
}

/** The creator's share (spec §9, frozen at checkout) of each of these messages, by message id. */
export async function creatorSharesForMessages(tx: Db, messageIds: readonly string[]): Promise<Map<string, number>> {
  if (messageIds.length === 0) return new Map();
  const rows = await tx
    .select({ messageId: payments.messageId, amountCreator: payments.amountCreator })
    .from(payments)
    .where(inArray(payments.messageId, [...messageIds]));
  return new Map(rows.flatMap((row) => (row.messageId ? [[row.messageId, row.amountCreator] as const] : [])));
}

/** The payment of one message (its id and status), or null. */
export async function paymentOfMessage(db: Db, messageId: string): Promise<{ id: string; status: string } | null> {
  const [row] = await db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(eq(payments.messageId, messageId));
  return row ?? null;
}

/**
 * The message's payment, whole; with `lock`, locked for the caller's transaction, so two admins' rulings
 * on one payment (decision 0055) run one after the other.
 */
export async function paymentRowOfMessage(db: Db, messageId: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(payments).where(eq(payments.messageId, messageId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}
