import { AUTH_MESSAGES, type ZUpdateProfileRequest } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { profiles } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { holdFreedUsername, isUsernameAvailable } from './username-availability';

/** Edit Profile's Profile tab: display name, username and bio. */
export async function updateProfile(
  app: FastifyInstance,
  userId: string,
  changes: z.output<typeof ZUpdateProfileRequest>,
): Promise<void> {
  const now = app.clock.now();
  if (changes.username !== undefined && !(await isUsernameAvailable(app.db, changes.username, userId, now))) {
    throw new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTakenServer, {
      username: AUTH_MESSAGES.usernameTakenHint,
    });
  }
  const set: Partial<typeof profiles.$inferInsert> = { updatedAt: now };
  if (changes.displayName !== undefined) set.displayName = changes.displayName;
  if (changes.username !== undefined) set.username = changes.username;
  if (changes.bio !== undefined) set.bio = changes.bio?.trim() ? changes.bio : null;
  try {
    await app.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for('update');
      await tx.update(profiles).set(set).where(eq(profiles.id, userId));
      // The name left behind stays this creator's for the hold period (security review L5).
      if (before && set.username && before.username.toLowerCase() !== set.username.toLowerCase()) {
        await holdFreedUsername(tx, { profileId: userId, oldName: before.username, now });
      }
    });
  } catch (error) {
    const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
    if (constraint === 'profiles_username_lower_key') {
      throw new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTakenServer, {
        username: AUTH_MESSAGES.usernameTakenHint,
      });
    }
    throw error;
  }
}
