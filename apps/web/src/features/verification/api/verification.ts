import type {
  TSessionUser,
  TThreadsConfigResponse,
  TThreadsStartResponse,
  TVerificationResponse,
} from '@fanline/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const verificationKeys = { config: ['verification', 'threads', 'config'] as const };

/** What the server is set up for: real OAuth, the simulated stand-in, or nothing. Never holds a secret. */
export const threadsConfigQuery = () =>
  queryOptions({
    queryKey: verificationKeys.config,
    queryFn: ({ signal }) => api<TThreadsConfigResponse>('/verification/threads/config', { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });

export const startThreadsVerification = (username: string) =>
  api<TThreadsStartResponse>('/verification/threads/start', { method: 'POST', body: { username } });

export const completeThreadsVerification = (code: string, state: string) =>
  api<TVerificationResponse>('/verification/threads/complete', { method: 'POST', body: { code, state } });

export const simulateThreadsVerification = (username: string) =>
  api<TVerificationResponse>('/verification/threads/simulate', { method: 'POST', body: { username } });

/** spec §4 Creator onboarding: skip makes a creator without a verified handle. */
export const skipVerification = () => api<TSessionUser>('/verification/skip', { method: 'POST' });

/** What the callback window posts to its opener (same origin only). */
export interface TThreadsVerificationMessage {
  type: 'threads-verification';
  success: boolean;
  profile_data?: TVerificationResponse['profile_data'];
  error?: string;
}

export const THREADS_MESSAGE_TYPE = 'threads-verification';

export function isThreadsVerificationMessage(data: unknown): data is TThreadsVerificationMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === THREADS_MESSAGE_TYPE &&
    typeof (data as { success?: unknown }).success === 'boolean'
  );
}
