import { sql } from 'drizzle-orm';
import { isVisibleSql } from '../messages';

/**
 * The fan's paid messages: payments joined to their messages. Unpaid checkouts (pending) and
 * abandoned ones (cancelled) are not transactions the fan made.
 */
export const paidBySender = (senderId: string) =>
  sql`p.sender_id = ${senderId} and p.status <> 'pending' and ${isVisibleSql('m')}`;

/**
 * spec §4: responded → completed, sent → pending. The money of an expired message comes back: a
 * charge is refunded, a hold is released (also when the hold lapsed before capture: nothing charged).
 * An answered message whose flag "not an answer" was upheld is refunded too (decision 0016).
 */
export const billingStatus = sql`case
  when p.status = 'failed' then 'released'
  when p.status = 'refunded' then 'refunded'
  when m.status = 'responded' then 'completed'
  when m.status = 'sent' then 'pending'
  when p.status in ('refunded', 'succeeded') then 'refunded'
  else 'released' end`;

/** Both drivers answer { rows }; the HKT of the shared Db type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
