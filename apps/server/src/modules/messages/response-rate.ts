import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

/**
 * ARCHITECTURE §3a: response_rate = responded ÷ (responded + refunded) paid messages, kept current
 * in the transaction that changes its inputs.
 */
export async function refreshResponseRate(tx: Db, creatorId: string): Promise<void> {
  await tx.execute(sql`
    update profiles set response_rate = coalesce((
      select round(100.0 * count(*) filter (where status = 'responded')
        / nullif(count(*) filter (where status in ('responded', 'refunded')), 0), 1)
      from messages
      where recipient_id = ${creatorId} and amount > 0 and not is_followup
    ), 0)
    where id = ${creatorId}`);
}
