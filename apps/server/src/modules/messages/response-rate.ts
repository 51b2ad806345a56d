import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { isPaidSql } from './queries';

/**
 * ARCHITECTURE §3a: response_rate = responded ÷ (responded + refunded) paid messages, kept current
 * in the transaction that changes its inputs. A message the creator declined (issue #13) is refunded
 * too but is not an unanswered one: it counts on neither side.
 */
export async function refreshResponseRate(tx: Db, creatorId: string): Promise<void> {
  await refreshResponseRates(tx, [creatorId]);
}

/** The same for several creators in one statement (the expiry job's batch touches hundreds). */
export async function refreshResponseRates(tx: Db, creatorIds: readonly string[]): Promise<void> {
  if (creatorIds.length === 0) return;
  const ids = sql.join(
    creatorIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update profiles p set response_rate = coalesce((
      select round(100.0 * count(*) filter (where status = 'responded')
        / nullif(count(*) filter (where status = 'responded' or (status = 'refunded' and declined_at is null)), 0), 1)
      from messages
      where recipient_id = p.id and ${isPaidSql()}
    ), 0)
    where p.id in (${ids})`);
}
