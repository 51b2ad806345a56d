import { count } from 'drizzle-orm';
import { payments } from '../../db/schema';
import type { Db } from '../../platform/db';

/** How many payments are in each state, every state named (0 when none): the metrics' payments gauge. */
export async function paymentsByState(db: Db): Promise<Record<(typeof payments.status.enumValues)[number], number>> {
  const rows = await db.select({ status: payments.status, n: count() }).from(payments).groupBy(payments.status);
  const counts = Object.fromEntries(payments.status.enumValues.map((state) => [state, 0])) as Record<
    (typeof payments.status.enumValues)[number],
    number
  >;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}
