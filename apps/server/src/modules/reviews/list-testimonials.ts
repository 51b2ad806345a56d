import { and, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { profiles, reviews } from '../../db/schema';
import type { Db } from '../../platform/db';

const reviewer = alias(profiles, 'reviewer');
const creator = alias(profiles, 'creator');

/** How many quotes the landing shows, and the lowest rating it quotes. */
export const TESTIMONIALS = { limit: 3, minRating: 4 } as const;

/**
 * The landing's testimonials (issue 25 §2, decision 0023): real reviews with text, newest first, with
 * the reviewer's display name and the creator they reviewed. One statement; none when nobody has
 * written one yet (the page then hides the section).
 */
export async function listTestimonials(db: Db) {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      message: reviews.message,
      reviewerName: sql<string>`coalesce(nullif(${reviewer.displayName}, ''), ${reviewer.username})`,
      creatorUsername: creator.username,
      creatorDisplayName: creator.displayName,
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.customerId))
    .innerJoin(creator, eq(creator.id, reviews.creatorId))
    .where(
      and(
        gte(reviews.rating, TESTIMONIALS.minRating),
        isNotNull(reviews.message),
        sql`btrim(${reviews.message}) <> ''`,
        eq(creator.isCreator, true),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(TESTIMONIALS.limit);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    message: r.message ?? '',
    reviewerName: r.reviewerName,
    creator: { username: r.creatorUsername, displayName: r.creatorDisplayName },
  }));
}
