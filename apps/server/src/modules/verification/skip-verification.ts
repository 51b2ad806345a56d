import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';

/**
 * spec §4: skip sets is_creator true and instagram_verified false. Availability and
 * threads_onboarding_completed are left as they are: an unverified creator is not listed in full
 * search until verified.
 */
export async function skipVerification(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { userId: string },
): Promise<void> {
  await ctx.db
    .update(profiles)
    .set({ isCreator: true, instagramVerified: false, updatedAt: ctx.clock.now() })
    .where(eq(profiles.id, opts.userId));
  // A new creator (or a verified one no longer verified): a card appears or changes.
  await announceCardChange(ctx);
}
