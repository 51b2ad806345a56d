import { QUICK_SEARCH } from '@fanline/contracts';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { containsPattern } from '../../platform/sql-like';

/**
 * spec §7 'profiles quick search': available creators whose display name, username or Instagram
 * username contains the term (case-insensitive), 5 at most. Prefix matches on the username first.
 */
export async function quickSearchCreators({ db, term }: { db: Db; term: string }) {
  const pattern = containsPattern(term);
  const prefix = `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: profiles.id,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      instagramUsername: profiles.instagramUsername,
      instagramFollowerCount: profiles.instagramFollowerCount,
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.isCreator, true),
        eq(profiles.isAvailable, true),
        or(
          sql`lower(${profiles.username}) like ${pattern}`,
          sql`lower(${profiles.displayName}) like ${pattern}`,
          sql`lower(${profiles.instagramUsername}) like ${pattern}`,
        ),
      ),
    )
    .orderBy(
      sql`(lower(${profiles.username}) like ${prefix}) desc`,
      sql`${profiles.instagramFollowerCount} desc nulls last`,
      asc(profiles.username),
    )
    .limit(QUICK_SEARCH.limit);
}
