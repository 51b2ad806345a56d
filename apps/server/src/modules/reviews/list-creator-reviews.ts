import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { profiles, reviews } from '../../db/schema';
import type { Db } from '../../platform/db';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';

const customer = alias(profiles, 'customer');

/** spec §7 reviews: a creator's reviews newest first, with who wrote them, in keyset pages. */
export async function listCreatorReviews(db: Db, opts: { creatorId: string; limit: number; cursor?: string }) {
  const after = opts.cursor ? decodeCursor(opts.cursor, 'timestamp') : null;
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      title: reviews.title,
      message: reviews.message,
      creatorResponse: reviews.creatorResponse,
      creatorResponseAt: reviews.creatorResponseAt,
      createdAt: reviews.createdAt,
      cursorValue: sql<string>`${reviews.createdAt}::text`,
      customer: { username: customer.username, displayName: customer.displayName, avatarUrl: customer.avatarUrl },
    })
    .from(reviews)
    .innerJoin(customer, eq(customer.id, reviews.customerId))
    .where(
      after
        ? sql`${reviews.creatorId} = ${opts.creatorId} and (${reviews.createdAt}, ${reviews.id}) < (${after.value}::timestamptz, ${after.id}::uuid)`
        : eq(reviews.creatorId, opts.creatorId),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    reviews: page.map(({ cursorValue: _omit, ...review }) => review),
    nextCursor: rows.length > opts.limit && last ? encodeCursor(last.cursorValue, last.id) : null,
  };
}
