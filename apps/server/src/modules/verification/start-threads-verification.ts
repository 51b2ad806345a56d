import { VERIFICATION_MESSAGES } from '@fanline/contracts';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { signState } from './oauth-state';
import { normalizeHandle, stateSecret, THREADS_SCOPE, threadsMode } from './threads-mode';

/** spec §7 Threads provider: the authorization URL the verification popup opens. */
export async function startThreadsVerification(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  opts: { userId: string; username: string },
): Promise<{ mode: 'oauth' | 'simulated'; authorizeUrl: string | null }> {
  const { config, clock } = ctx;
  const username = normalizeHandle(opts.username);
  if (!username) throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.enterUsername);
  const mode = threadsMode(config);
  if (mode === 'unavailable') throw new AppError('VERIFICATION_FAILED', VERIFICATION_MESSAGES.verifyFailed);
  if (mode === 'simulated') return { mode, authorizeUrl: null };

  const state = signState({ secret: stateSecret(config), userId: opts.userId, username, now: clock.now() });
  const url = new URL(config.threads.authUrl);
  url.searchParams.set('client_id', config.threads.clientId ?? '');
  url.searchParams.set('redirect_uri', config.threads.redirectUri);
  url.searchParams.set('scope', THREADS_SCOPE);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('state', state);
  return { mode, authorizeUrl: url.toString() };
}
