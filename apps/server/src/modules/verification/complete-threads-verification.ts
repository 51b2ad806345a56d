import { type TVerificationResponse, VERIFICATION_MESSAGES } from '@fanline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { applyCreatorOnboarding } from './apply-creator-onboarding';
import { verifyState } from './oauth-state';
import { exchangeCode, fetchThreadsProfile } from './threads-client';
import { stateSecret, threadsMode } from './threads-mode';

/**
 * The callback's second half (spec §2 Threads callback, §4 Threads OAuth): check our signed state,
 * trade the code for a token server-side, read the Threads profile, require the handle the user
 * typed, then onboard the creator. The access token is used for that one read and then dropped.
 */
export async function completeThreadsVerification(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'outbox' | 'events' | 'log'>,
  opts: { userId: string; code: string; state: string; log: FastifyBaseLogger },
): Promise<TVerificationResponse> {
  const { userId, log } = opts;
  const { config } = ctx;
  if (threadsMode(config) !== 'oauth') throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.verifyFailed);

  const state = verifyState({ secret: stateSecret(config), state: opts.state, now: ctx.clock.now() });
  // A state minted for someone else must not verify this session's profile (login CSRF, shared links).
  if (!state || state.userId !== userId) throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.failed);

  const accessToken = await exchangeCode({ config, code: opts.code, log });
  const profile = await fetchThreadsProfile({ config, accessToken, log });
  // spec §5 Threads: the verified handle must match the expected one, ignoring letter case.
  if (profile.username.toLowerCase() !== state.username.toLowerCase()) {
    throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.mismatch(state.username, profile.username));
  }

  const account = {
    handle: profile.username,
    fullName: profile.name ?? null,
    pictureUrl: profile.threads_profile_picture_url ?? null,
    biography: profile.threads_biography ?? null,
  };
  await applyCreatorOnboarding(ctx, { userId, account });
  return {
    verified: true,
    profile_data: {
      username: account.handle,
      full_name: account.fullName,
      profile_pic_url: account.pictureUrl,
      biography: account.biography,
      // threads_basic exposes no follower count.
      follower_count: null,
    },
  };
}
