import { and, inArray, sql } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { recordResponseFigures } from '../reviews';
import { isPaid } from './queries';

/**
 * ARCHITECTURE §3a: response_rate = responded ÷ (responded + refunded) paid messages, kept current
 * in the transaction that changes its inputs. A message the creator declined (issue #13) is refunded
 * too but is not an unanswered one: it counts on neither side. In the same pass, avg_response_seconds
 * (decision 0026): the mean time from payment to reply over the answered paid messages, null until one
 * is answered; the creator cards read it as a column, so a page of cards costs no aggregate per card.
 * The figures are computed here and stored by the reviews module, creator_stats' one writer (decision 0072).
 */
export async function refreshResponseRate(tx: Db, creatorId: string): Promise<void> {
  await refreshResponseRates(tx, [creatorId]);
}

/** The same for several creators in two statements (the expiry job's batch touches hundreds). */
export async function refreshResponseRates(tx: Db, creatorIds: readonly string[]): Promise<void> {
  if (creatorIds.length === 0) return;
  const computed = await tx
    .select({
      creatorId: messages.recipientId,
      responseRate: sql<number>`coalesce(round(100.0 * count(*) filter (where ${messages.status} = 'responded')
          / nullif(count(*) filter (where ${messages.status} = 'responded' or (${messages.status} = 'refunded' and ${messages.declinedAt} is null)), 0), 1), 0)::double precision`,
      avgResponseSeconds: sql<
        number | null
      >`round(avg(greatest(extract(epoch from (${messages.respondedAt} - coalesce(${messages.paidAt}, ${messages.createdAt}))), 0))
          filter (where ${messages.status} = 'responded' and ${messages.respondedAt} is not null))::integer`,
    })
    .from(messages)
    .where(and(inArray(messages.recipientId, [...creatorIds]), isPaid()))
    .groupBy(messages.recipientId);
  const byCreator = new Map(computed.map((row) => [row.creatorId, row]));
  await recordResponseFigures(
    tx,
    [...new Set(creatorIds)].map(
      (creatorId) => byCreator.get(creatorId) ?? { creatorId, responseRate: 0, avgResponseSeconds: null },
    ),
  );
}
