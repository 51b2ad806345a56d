import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { isPaidSql } from './queries';

/**
 * ARCHITECTURE §3a: response_rate = responded ÷ (responded + refunded) paid messages, kept current
 * in the transaction that changes its inputs. A message the creator declined (issue #13) is refunded
 * too but is not an unanswered one: it counts on neither side. In the same pass, avg_response_seconds
 * (decision 0026): the mean time from payment to reply over the answered paid messages, null until one
 * is answered; the creator cards read it as a column, so a page of cards costs no aggregate per card.
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
    update profiles p set (response_rate, avg_response_seconds) = (
      select
        coalesce(round(100.0 * count(*) filter (where status = 'responded')
          / nullif(count(*) filter (where status = 'responded' or (status = 'refunded' and declined_at is null)), 0), 1), 0),
        round(avg(greatest(extract(epoch from (responded_at - coalesce(paid_at, created_at))), 0))
          filter (where status = 'responded' and responded_at is not null))::integer
      from messages
      where recipient_id = p.id and ${isPaidSql()}
    )
    where p.id in (${ids})`);
}
