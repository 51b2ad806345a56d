import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { usernameHolds } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * How long a name its owner renamed away from stays theirs (security review L5): links they shared
 * keep leading to them, and nobody else can take the name and receive those visitors.
 */
export const USERNAME_HOLD_DAYS = 30;

/** The profile a name is held for within its hold period, if any. */
export async function heldFor(db: Db, username: string, now?: Date, exceptUserId?: string): Promise<string | null> {
  const live = now ? gt(usernameHolds.heldUntil, now) : sql`${usernameHolds.heldUntil} > now()`;
  const [hold] = await db
    .select({ profileId: usernameHolds.profileId })
    .from(usernameHolds)
    .where(
      and(
        eq(usernameHolds.username, username.toLowerCase()),
        live,
        exceptUserId ? ne(usernameHolds.profileId, exceptUserId) : undefined,
      ),
    );
  return hold?.profileId ?? null;
}

/** Records that `profileId` renamed away from `oldName`: it is theirs for the hold period. */
export async function holdFreedUsername(db: Db, opts: { profileId: string; oldName: string; now: Date }) {
  const heldUntil = new Date(opts.now.getTime() + USERNAME_HOLD_DAYS * 86_400_000);
  await db
    .insert(usernameHolds)
    .values({ username: opts.oldName.toLowerCase(), profileId: opts.profileId, heldUntil, createdAt: opts.now })
    .onConflictDoUpdate({ target: usernameHolds.username, set: { profileId: opts.profileId, heldUntil } });
}
