import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordVerifiedCreator, type VerifiedThreadsAccount } from '../profiles';

export const ALREADY_LINKED = 'This Threads account is already linked to another Fanline profile.';

/**
 * spec §4 Creator onboarding, once the Threads account is verified: the profile becomes a verified
 * creator through the profiles module (issue 35: identity is written there, and the handle becomes
 * the username only when the one username rule allows it).
 */
export async function applyCreatorOnboarding(
  ctx: Pick<AppContext, 'db' | 'clock' | 'outbox' | 'events' | 'log'>,
  opts: { userId: string; account: VerifiedThreadsAccount },
): Promise<void> {
  const outcome = await recordVerifiedCreator(ctx, opts);
  if (outcome === 'missing') throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.verifyFailed);
  if (outcome === 'linked-elsewhere') throw new AppError('VERIFICATION_FAILED', ALREADY_LINKED);
  // A new verified creator: on the cards, in the verified filter and the landing's count.
  await announceCardChange(ctx);
  await ctx.outbox.carryOut(outcome.effects);
}
