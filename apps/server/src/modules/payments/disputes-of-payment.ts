import { and, eq, inArray } from 'drizzle-orm';
import { disputes } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Statuses in which the bank holds (or has given the fan) the payment's money: a refund must not be asked. */
const MONEY_WITH_THE_BANK = ['needs_response', 'under_review', 'lost'];

/** Whether a chargeback on the payment is open or was lost (decision 0054). */
export async function disputedNow(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.paymentId, paymentId), inArray(disputes.status, MONEY_WITH_THE_BANK)))
    .limit(1);
  return row !== undefined;
}
