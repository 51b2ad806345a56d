import { AUTH_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertDisplayNameAllowed } from './display-name';
import { holdFreedUsername } from './username-availability';
import { assertUsernameAllowed } from './username-rules';

/** What an admin may change on someone's profile (spec §5 Admin edit user, make creator, feature). */
export type TAdminProfileChange = Partial<
  Pick<
    typeof profiles.$inferInsert,
    'displayName' | 'username' | 'bio' | 'messagePrice' | 'isAvailable' | 'isFeatured' | 'isCreator'
  >
>;

export type TAdminProfileRow = typeof profiles.$inferSelect;

/**
 * An admin's change to a profile, inside the caller's transaction (which writes the audit row beside
 * it). `change` sees the locked row and returns the columns to set. The name rules are the user's own
 * (issue 35, security review N9): a username must pass the one username rule (reserved, staff, held,
 * taken, lookalike), a display name the display-name rule; the renamed user keeps the old name for the
 * hold period. Answers the changed columns' values before and after.
 */
export async function changeProfileAsAdmin(
  tx: Db,
  opts: { userId: string; now: Date; change: (current: TAdminProfileRow) => TAdminProfileChange },
): Promise<{ before: Record<string, unknown>; after: TAdminProfileChange }> {
  const { userId, now } = opts;
  const [current] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for('update');
  if (!current) throw new AppError('NOT_FOUND', 'User not found');
  const change = opts.change(current);
  if (change.displayName !== undefined && change.displayName !== null) {
    await assertDisplayNameAllowed(tx, { name: change.displayName, profileId: userId });
  }
  if (change.username !== undefined) {
    await assertUsernameAllowed(tx, { username: change.username, profileId: userId, now });
  }
  const before = Object.fromEntries(Object.keys(change).map((k) => [k, current[k as keyof TAdminProfileRow]]));
  try {
    await tx
      .update(profiles)
      .set({ ...change, updatedAt: now })
      .where(eq(profiles.id, userId));
  } catch (error) {
    // Someone took the name between the rule's check and this write: the unique index decides.
    const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
    if (constraint === 'profiles_username_lower_key') {
      throw new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTakenServer, {
        username: AUTH_MESSAGES.usernameTakenHint,
      });
    }
    throw error;
  }
  if (change.username && change.username.toLowerCase() !== current.username.toLowerCase()) {
    await holdFreedUsername(tx, { profileId: userId, oldName: current.username, now });
  }
  return { before, after: change };
}
