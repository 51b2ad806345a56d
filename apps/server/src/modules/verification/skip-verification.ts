import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { recordUnverifiedCreator } from '../profiles';

/**
 * spec §4: skip sets is_creator true and instagram_verified false. Availability and
 * threads_onboarding_completed are left as they are: an unverified creator is not listed in full
 * search until verified.
 */
export async function skipVerification(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { userId: string },
): Promise<void> {
  await recordUnverifiedCreator(ctx.db, { userId: opts.userId, now: ctx.clock.now() });
  // A new creator (or a verified one no longer verified): a card appears or changes.
  await announceCardChange(ctx);
}
