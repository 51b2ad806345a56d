import { EXTERNAL_LOOKUP_MIN_CHARS, type TExternalCreator, type ZFindCreatorsQuery } from '@fanline/contracts';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { creatorStats, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { containsPattern } from '../../platform/sql-like';
import { guardedLookup } from './guarded-lookup';
import { browseCreatorColumns, creatorStatsJoin } from './summary';

const FULL_SEARCH_LIMIT = 20;

/**
 * Find Creators (spec §7 'profiles full search' and §5 Search): verified creators matching the term
 * by username, Instagram username or display name, most followed first; and, for a term of 4+
 * characters (3+ from Discover's search) that no platform creator holds exactly, the external lookup, unless that account is
 * already on the platform.
 */
export async function findCreators(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>,
  query: z.output<typeof ZFindCreatorsQuery>,
  caller: { userId: string | null; ip: string },
) {
  const term = query.q.replace(/^@/, '').trim();
  const pattern = containsPattern(term);
  const creators =
    query.status === 'off_platform'
      ? []
      : await ctx.db
          .select(browseCreatorColumns)
          .from(profiles)
          .innerJoin(creatorStats, creatorStatsJoin)
          .where(
            and(
              eq(profiles.isCreator, true),
              eq(profiles.threadsOnboardingCompleted, true),
              or(
                sql`lower(${profiles.username}) like ${pattern}`,
                sql`lower(${profiles.instagramUsername}) like ${pattern}`,
                sql`lower(${profiles.displayName}) like ${pattern}`,
              ),
            ),
          )
          .orderBy(sql`${profiles.instagramFollowerCount} desc nulls last`, profiles.id)
          .limit(FULL_SEARCH_LIMIT);

  let external: TExternalCreator[] = [];
  let externalStatus: 'ok' | 'skipped' | 'not_configured' | 'quota' | 'unavailable' | 'no_data' = 'skipped';
  if (
    query.status !== 'on_platform' &&
    term.length >= EXTERNAL_LOOKUP_MIN_CHARS[query.from] &&
    !(await onPlatform(ctx, term))
  ) {
    const result = await guardedLookup(ctx, term, caller);
    externalStatus = result.status;
    if (result.status === 'ok' && !(await onPlatform(ctx, result.user.username))) external = [result.user];
  }
  return { creators, external, externalStatus };
}

/** Whether a creator on the platform holds this handle, as username or Instagram username (any case). */
async function onPlatform(ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log'>, handle: string): Promise<boolean> {
  const name = handle.toLowerCase();
  const [row] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.isCreator, true),
        or(sql`lower(${profiles.username}) = ${name}`, sql`lower(${profiles.instagramUsername}) = ${name}`),
      ),
    )
    .limit(1);
  return Boolean(row);
}
