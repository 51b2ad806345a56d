import { type TThreadsProfileData, VERIFICATION_MESSAGES } from '@fanline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import {
  simulateThreadsVerification,
  startThreadsVerification,
  threadsConfigQuery,
  verificationKeys,
} from '../api/verification';
import { readStoredVerification, storeVerification } from '../utils/stored-verification';
import { openVerificationPopup, waitForPopup } from '../utils/wait-for-popup';

/** spec §9: a simulated verification takes 2 s. */
export const SIMULATED_DELAY_MS = 2000;
export const SIMULATED_LABEL = 'Simulation: not a real Threads verification';
/** Said before anyone clicks, wherever the server offers only the simulation (a demo: decision 0024). */
export const SIMULATED_NOTE =
  'This site runs without a Threads app, so verification is simulated: nothing is checked and no request goes to Threads.';
/** The verify button's name while the simulation stands in. */
export const SIMULATED_BUTTON = 'Verify with Threads (simulation)';

export type TVerificationStatus = 'idle' | 'loading' | 'success' | 'error';

export interface TVerificationState {
  status: TVerificationStatus;
  message?: string;
  profile?: TThreadsProfileData | null;
  /** The server runs the clearly labelled stand-in, not real Threads. */
  simulated?: boolean;
  /** Answered from the stored verification (under 24 hours old) without asking Threads again. */
  fromStore?: boolean;
}

interface Options {
  /**
   * Let a stored verification count on its own. Onboarding flows pass false: there it counts only
   * when the server already has this account verified under that handle, since only the server can
   * make someone a creator.
   */
  trustStored?: boolean;
}

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Verification abandoned', 'AbortError'));
    });
  });

/** spec §4 Threads OAuth: stored verification, then the simulated stand-in or the OAuth popup. */
export function useThreadsVerification({ trustStored = false }: Options = {}) {
  const queryClient = useQueryClient();
  const { user, refresh } = useSession();
  // Loaded up front so a click can open the popup synchronously (blockers refuse it after an await).
  const config = useQuery(threadsConfigQuery());
  const [state, setState] = useState<TVerificationState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const fail = useCallback((message: string, title = 'Verification failed') => {
    setState({ status: 'error', message });
    toast.error(title, { description: message });
    return false;
  }, []);

  const succeed = useCallback(
    async (profile: TThreadsProfileData | null, extra: Partial<TVerificationState> = {}) => {
      if (profile) storeVerification(profile);
      setState({ status: 'success', profile, message: 'Your Threads account is verified.', ...extra });
      toast.success('Threads account verified', { description: profile ? `@${profile.username}` : undefined });
      await refresh();
      return true;
    },
    [refresh],
  );

  /** Call straight from a click handler. Resolves true once verified. */
  const verify = useCallback(
    async (rawUsername: string): Promise<boolean> => {
      running.current?.abort();
      const username = rawUsername.trim().replace(/^@/, '');
      if (!username) return fail(VERIFICATION_MESSAGES.enterUsername, 'Username required');
      if (!user) return fail(VERIFICATION_MESSAGES.loginRequired, 'Authentication required');

      const stored = readStoredVerification(username);
      const serverAgrees = user.instagramVerified && user.instagramUsername?.toLowerCase() === username.toLowerCase();
      if (stored && (trustStored || serverAgrees)) {
        setState({
          status: 'success',
          fromStore: true,
          message: 'Verified within the last 24 hours.',
          profile: {
            username: stored.username,
            full_name: stored.full_name,
            biography: stored.biography,
            profile_pic_url: stored.profile_pic_url,
            follower_count: stored.follower_count,
          },
        });
        return true;
      }

      const controller = new AbortController();
      running.current = controller;
      const knownMode = config.data?.mode;
      // Opened now, inside the click; navigated once the server has built the authorization URL.
      const popup = knownMode === 'oauth' || knownMode === undefined ? openVerificationPopup() : null;
      if ((knownMode === 'oauth' || knownMode === undefined) && !popup) {
        return fail(VERIFICATION_MESSAGES.popupBlocked);
      }
      setState({ status: 'loading', message: 'Verifying your Threads account…' });

      try {
        const mode = knownMode ?? (await queryClient.fetchQuery(threadsConfigQuery())).mode;
        if (mode === 'unavailable') {
          popup?.close();
          return fail(VERIFICATION_MESSAGES.threadsUnavailable);
        }
        const start = mode === 'oauth' ? await startThreadsVerification(username) : null;
        if (mode === 'simulated' || start?.mode === 'simulated') {
          popup?.close();
          setState({
            status: 'loading',
            simulated: true,
            message: `Simulating the check of @${username}… No request goes to Threads.`,
          });
          await delay(SIMULATED_DELAY_MS, controller.signal);
          const result = await simulateThreadsVerification(username);
          if (!result.verified) return fail(VERIFICATION_MESSAGES.verifyFailed);
          return await succeed(result.profile_data, { simulated: true });
        }
        if (!popup || popup.closed) return fail(VERIFICATION_MESSAGES.cancelled);
        if (!start?.authorizeUrl) {
          popup.close();
          return fail(VERIFICATION_MESSAGES.popupFailed);
        }
        popup.location.href = start.authorizeUrl;
        setState({ status: 'loading', message: 'Waiting for Threads… Finish signing in in the popup window.' });
        const message = await waitForPopup(popup, controller.signal);
        if (!message.success) return fail(message.error || VERIFICATION_MESSAGES.failed);
        return await succeed(message.profile_data ?? null);
      } catch (error) {
        popup?.close();
        if ((error as Error).name === 'AbortError') return false;
        if (error instanceof ApiError) {
          return fail(error.status >= 500 || error.status === 0 ? VERIFICATION_MESSAGES.verifyFailed : error.message);
        }
        return fail(error instanceof Error && error.message ? error.message : VERIFICATION_MESSAGES.unexpected);
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [config.data?.mode, fail, queryClient, succeed, trustStored, user],
  );

  const reset = useCallback(() => {
    running.current?.abort();
    setState({ status: 'idle' });
  }, []);

  const reloadConfig = useCallback(
    () => queryClient.invalidateQueries({ queryKey: verificationKeys.config }),
    [queryClient],
  );

  /** The server offers the labelled simulation, not real Threads. */
  const simulated = config.data?.mode === 'simulated';
  return { state, verify, reset, config, reloadConfig, simulated };
}
