import { RESERVED_USERNAMES } from '@fanline/contracts';
import { and, ne, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Free when no other profile holds it in any letter case and it is not an app route. */
export async function isUsernameAvailable(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const name = username.toLowerCase();
  if (RESERVED_USERNAMES.has(name)) return false;
  const taken = sql`lower(${profiles.username}) = ${name}`;
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(exceptUserId ? and(taken, ne(profiles.id, exceptUserId)) : taken)
    .limit(1);
  return !row;
}
