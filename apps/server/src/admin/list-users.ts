import type { TAdminPageQuery, ZAdminUsersResponse } from '@fanline/contracts';
import { and, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { adminUsers, creatorStats, profiles } from '../db/schema';
import type { Db } from '../platform/db';
import { readPage, windowTotal } from '../platform/paging';

const verified = sql<boolean>`(${profiles.threadsOnboardingCompleted} or ${profiles.instagramVerified})`;

/** spec §2 Admin Users: stats, search by name, username or email, filters, a page at a time (decision 0028). */
export async function listUsers(
  db: Db,
  opts: TAdminPageQuery & { search?: string; filter: 'all' | 'users' | 'creators' | 'admins' },
): Promise<z.output<typeof ZAdminUsersResponse>> {
  const where: SQL[] = [];
  if (opts.search) {
    const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(profiles.displayName, like), ilike(profiles.username, like), ilike(profiles.email, like));
    if (match) where.push(match);
  }
  if (opts.filter === 'creators') where.push(eq(profiles.isCreator, true));
  if (opts.filter === 'users') where.push(and(eq(profiles.isCreator, false), sql`${adminUsers.id} is null`) as SQL);
  if (opts.filter === 'admins') where.push(isNotNull(adminUsers.id));

  const { rows, page } = await readPage(opts, (limit, offset) =>
    db
      .select({
        id: profiles.id,
        email: profiles.email,
        username: profiles.username,
        displayName: profiles.displayName,
        avatarUrl: profiles.avatarUrl,
        bio: profiles.bio,
        isCreator: profiles.isCreator,
        isAvailable: profiles.isAvailable,
        isFeatured: profiles.isFeatured,
        verified,
        messagePrice: profiles.messagePrice,
        responseRate: creatorStats.responseRate,
        adminRole: adminUsers.role,
        createdAt: profiles.createdAt,
        total: windowTotal(),
      })
      .from(profiles)
      // Decision 0072: every profile has its creator_stats row.
      .innerJoin(creatorStats, eq(creatorStats.creatorId, profiles.id))
      .leftJoin(adminUsers, and(eq(adminUsers.userId, profiles.id), eq(adminUsers.isActive, true)))
      .where(where.length ? and(...where) : undefined)
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(limit)
      .offset(offset),
  );

  const [stats] = await db
    .select({
      total: count(),
      creators: sql<number>`count(*) filter (where ${profiles.isCreator})`.mapWith(Number),
      verified: sql<number>`count(*) filter (where ${verified})`.mapWith(Number),
    })
    .from(profiles);
  const [admins] = await db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.isActive, true));
  return {
    users: rows,
    ...page,
    stats: {
      total: stats?.total ?? 0,
      creators: stats?.creators ?? 0,
      verified: stats?.verified ?? 0,
      admins: admins?.n ?? 0,
    },
  };
}
