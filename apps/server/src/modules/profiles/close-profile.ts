import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';
import { switchOffNotifications } from '../notifications';
import { forgetStoredImages } from './image-file';
import { holdFreedUsername } from './username-availability';

/** The name an erased person is shown by (decision 0058): no trace of who they were. */
export const ERASED_DISPLAY_NAME = 'Deleted user';

/**
 * An account starts closing (issue 41): a creator takes no more paid messages and leaves the featured
 * list (the flow also has payments forget the payout account, decision 0071). Returns whether the
 * person is a creator.
 */
export async function closeProfile(tx: Db, opts: { userId: string; now: Date }): Promise<{ isCreator: boolean }> {
  const [row] = await tx
    .update(profiles)
    .set({
      isAvailable: false,
      isFeatured: false,
      updatedAt: opts.now,
    })
    .where(eq(profiles.id, opts.userId))
    .returning({ isCreator: profiles.isCreator });
  return { isCreator: row?.isCreator ?? false };
}

/**
 * Erasure (decision 0058): every personal field of the profile is emptied or replaced by a pseudonym
 * (`deleted_<random>` as the username, "Deleted user" as the name); the old username is held for the
 * erased profile, as a rename holds it (username-availability.ts), so nobody can take it and receive
 * the person's old links at once; the stored pictures are deleted through the outbox. The row and its
 * id stay: messages, payments and the ledger point at it. Returns what it held (for erasing copies
 * elsewhere) and the outbox keys of the file deletions.
 */
export async function eraseProfile(
  tx: Db,
  opts: { userId: string; now: Date },
): Promise<{ username: string; displayName: string | null; effects: string[] } | null> {
  const [before] = await tx.select().from(profiles).where(eq(profiles.id, opts.userId)).for('update');
  if (!before) return null;
  const pseudonym = `deleted_${randomBytes(6).toString('hex')}`;
  await tx
    .update(profiles)
    .set({
      username: pseudonym,
      displayName: ERASED_DISPLAY_NAME,
      bio: null,
      avatarUrl: null,
      coverUrl: null,
      email: null,
      threadsUsername: null,
      threadsOnboardingCompleted: false,
      isAvailable: false,
      isFeatured: false,
      disciplines: [],
      portfolioImages: [],
      instagramUsername: null,
      instagramVerified: false,
      instagramBio: null,
      instagramProfilePicture: null,
      instagramFollowerCount: null,
      timeZone: null,
      lastActiveAt: null,
      updatedAt: opts.now,
    })
    .where(eq(profiles.id, opts.userId));
  await switchOffNotifications(tx, { userId: opts.userId, now: opts.now });
  if (!before.username.startsWith('deleted_'))
    await holdFreedUsername(tx, { profileId: opts.userId, oldName: before.username, now: opts.now });
  const effects = await forgetStoredImages(
    tx,
    [before.avatarUrl, before.coverUrl, before.instagramProfilePicture, ...before.portfolioImages],
    opts.now,
  );
  return { username: before.username, displayName: before.displayName, effects };
}
