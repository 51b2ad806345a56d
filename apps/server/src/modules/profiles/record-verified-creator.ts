import { and, eq, ne, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { enqueueEffects } from '../outbox';
import { avatarFromPictureEffect } from './avatar-from-picture';
import { holdFreedUsername } from './username-availability';
import { isUsernameAvailable } from './username-rules';

/** What a verification found, real or simulated. */
export interface VerifiedThreadsAccount {
  handle: string;
  fullName: string | null;
  pictureUrl: string | null;
  biography: string | null;
}

/**
 * What became of it: no such profile, the account already proves another profile, or recorded (with
 * the outbox effects to carry out after the commit).
 */
export type TVerifiedCreatorOutcome = 'missing' | 'linked-elsewhere' | { effects: string[] };

function violatedConstraint(error: unknown): string {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return String(e.cause?.constraint ?? e.constraint ?? '');
}

/**
 * spec §4 Creator onboarding: is_creator, threads_onboarding_completed, is_available and
 * instagram_verified true, the instagram fields from the verified account, display_name only when
 * empty, and the handle as the Fanline username when the one username rule allows it (issue 35). A
 * profile without an avatar gets a copy of the account's picture (decision 0048), through the outbox.
 */
export async function recordVerifiedCreator(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { userId: string; account: VerifiedThreadsAccount },
): Promise<TVerifiedCreatorOutcome> {
  try {
    return await record(ctx, opts, true);
  } catch (error) {
    // Someone took the handle as a username between our check and our update: keep the current one.
    if (violatedConstraint(error) !== 'profiles_username_lower_key') throw error;
    return record(ctx, opts, false);
  }
}

async function record(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  { userId, account }: { userId: string; account: VerifiedThreadsAccount },
  takeHandleAsUsername: boolean,
): Promise<TVerifiedCreatorOutcome> {
  const handle = account.handle;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ displayName: profiles.displayName, username: profiles.username, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for('update');
      if (!current) return 'missing';
      // One Threads account proves one Fanline profile; the unique index backs this up under races.
      const [other] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(sql`lower(${profiles.instagramUsername}) = ${handle.toLowerCase()}`, ne(profiles.id, userId)))
        .limit(1);
      if (other) return 'linked-elsewhere';

      const now = ctx.clock.now();
      const set: Partial<typeof profiles.$inferInsert> = {
        isCreator: true,
        threadsOnboardingCompleted: true,
        isAvailable: true,
        instagramVerified: true,
        threadsUsername: handle,
        instagramUsername: handle,
        instagramProfilePicture: account.pictureUrl,
        instagramBio: account.biography,
        updatedAt: now,
      };
      if (!current.displayName?.trim()) set.displayName = account.fullName?.trim() || handle;
      const asUsername = handle.toLowerCase();
      if (takeHandleAsUsername && (await isUsernameAvailable(tx, asUsername, userId, now))) {
        set.username = asUsername;
      }
      await tx.update(profiles).set(set).where(eq(profiles.id, userId));
      if (set.username && set.username !== current.username.toLowerCase()) {
        await holdFreedUsername(tx, { profileId: userId, oldName: current.username, now });
      }
      // The provider's URL is never shown (it expires, and its CDN would see our visitors): a copy is.
      if (!account.pictureUrl || current.avatarUrl) return { effects: [] };
      return { effects: await enqueueEffects(tx, [avatarFromPictureEffect(userId, account.pictureUrl)], now) };
    });
  } catch (error) {
    if (violatedConstraint(error) === 'profiles_instagram_username_lower_key') return 'linked-elsewhere';
    throw error;
  }
}

/**
 * spec §4: skip sets is_creator true and instagram_verified false. Availability and
 * threads_onboarding_completed are left as they are.
 */
export async function recordUnverifiedCreator(db: AppContext['db'], opts: { userId: string; now: Date }) {
  await db
    .update(profiles)
    .set({ isCreator: true, instagramVerified: false, updatedAt: opts.now })
    .where(eq(profiles.id, opts.userId));
}
