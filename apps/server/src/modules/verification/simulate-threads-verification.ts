import { type TVerificationResponse, VERIFICATION_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { applyCreatorOnboarding } from './apply-creator-onboarding';
import { normalizeHandle, threadsMode } from './threads-mode';

const THREADS_HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/**
 * Issue 3 item 7: without a configured Threads app, outside production or in the demo's opt-in
 * (DEMO_MODE, decision 0024), a simulated verification stands in; elsewhere its route does not exist. Its data is plainly not from Threads: the current display name, no bio, no picture.
 * The spec's 2 s wait is the client's; the server answers at once.
 */
export async function simulateThreadsVerification(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'outbox' | 'events' | 'log'>,
  opts: { userId: string; username: string },
): Promise<TVerificationResponse> {
  const { userId } = opts;
  if (threadsMode(ctx.config) !== 'simulated') {
    throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.threadsUnavailable);
  }
  const handle = normalizeHandle(opts.username);
  if (!handle) throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.enterUsername);
  // Nothing checks a simulated handle, so at least keep it to what Threads allows.
  if (!THREADS_HANDLE.test(handle)) throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.verifyFailed);

  const [current] = await ctx.db
    .select({ displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const account = { handle, fullName: current?.displayName ?? null, pictureUrl: null, biography: null };
  await applyCreatorOnboarding(ctx, { userId, account });
  return {
    verified: true,
    profile_data: {
      username: handle,
      full_name: account.fullName,
      profile_pic_url: null,
      biography: null,
      follower_count: null,
    },
  };
}
