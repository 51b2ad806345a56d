import { VERIFICATION_MESSAGES, ZUsername } from '@fanline/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { enqueueEffects } from '../outbox';
import { avatarFromPictureEffect, holdFreedUsername, isUsernameAvailable } from '../profiles';

export const ALREADY_LINKED = 'This Threads account is already linked to another Fanline profile.';

/** What a verification found, real or simulated. */
export interface VerifiedThreadsAccount {
  handle: string;
  fullName: string | null;
  pictureUrl: string | null;
  biography: string | null;
}

const alreadyLinked = () => new AppError('VERIFICATION_FAILED', ALREADY_LINKED);

function violatedConstraint(error: unknown): string {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return String(e.cause?.constraint ?? e.constraint ?? '');
}

/**
 * spec §4 Creator onboarding: is_creator, threads_onboarding_completed, is_available and
 * instagram_verified true, the instagram fields from the verified account, display_name only when
 * empty, and the handle as the Fanline username when it is free and a valid username. A profile
 * without an avatar gets a copy of the account's picture (decision 0048), through the outbox.
 */
export async function applyCreatorOnboarding(
  ctx: Pick<AppContext, 'db' | 'clock' | 'outbox' | 'events' | 'log'>,
  opts: { userId: string; account: VerifiedThreadsAccount },
): Promise<void> {
  let effects: string[];
  try {
    effects = await onboard(ctx, opts, true);
  } catch (error) {
    // Someone took the handle as a username between our check and our update: keep the current one.
    if (violatedConstraint(error) !== 'profiles_username_lower_key') throw error;
    effects = await onboard(ctx, opts, false);
  }
  // A new verified creator: on the cards, in the verified filter and the landing's count.
  await announceCardChange(ctx);
  await ctx.outbox.carryOut(effects);
}

async function onboard(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  { userId, account }: { userId: string; account: VerifiedThreadsAccount },
  takeHandleAsUsername: boolean,
): Promise<string[]> {
  const handle = account.handle;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ displayName: profiles.displayName, username: profiles.username, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for('update');
      if (!current) throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.verifyFailed);
      // One Threads account proves one Fanline profile; the unique index backs this up under races.
      const [other] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(sql`lower(${profiles.instagramUsername}) = ${handle.toLowerCase()}`, ne(profiles.id, userId)))
        .limit(1);
      if (other) throw alreadyLinked();

      const set: Partial<typeof profiles.$inferInsert> = {
        isCreator: true,
        threadsOnboardingCompleted: true,
        isAvailable: true,
        instagramVerified: true,
        threadsUsername: handle,
        instagramUsername: handle,
        instagramProfilePicture: account.pictureUrl,
        instagramBio: account.biography,
        updatedAt: ctx.clock.now(),
      };
      if (!current.displayName?.trim()) set.displayName = account.fullName?.trim() || handle;
      const asUsername = ZUsername.safeParse(handle.toLowerCase());
      const now = ctx.clock.now();
      if (takeHandleAsUsername && asUsername.success && (await isUsernameAvailable(tx, asUsername.data, userId, now))) {
        set.username = asUsername.data;
      }
      await tx.update(profiles).set(set).where(eq(profiles.id, userId));
      if (set.username && set.username !== current.username.toLowerCase()) {
        await holdFreedUsername(tx, { profileId: userId, oldName: current.username, now });
      }
      // The provider's URL is never shown (it expires, and its CDN would see our visitors): a copy is.
      if (!account.pictureUrl || current.avatarUrl) return [];
      return enqueueEffects(tx, [avatarFromPictureEffect(userId, account.pictureUrl)], now);
    });
  } catch (error) {
    if (violatedConstraint(error) === 'profiles_instagram_username_lower_key') throw alreadyLinked();
    throw error;
  }
}
