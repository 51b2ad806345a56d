import type {
  TSessionResponse,
  TSessionUser,
  TSignInRequest,
  TSignUpRequest,
  TSignUpResponse,
} from '@fanline/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../api-client';
import { clearStoredAuthKeys, SIGNED_IN_HINT_KEY, writeStorage } from './storage';

// This module is on the landing route's path (the header uses it): it must not import zod schemas,
// only types from @fanline/contracts.

export const sessionKey = ['session'] as const;

/** spec §9: sign-out redirects after 100 ms. */
const SIGN_OUT_REDIRECT_MS = 100;

export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKey,
    queryFn: async ({ signal }): Promise<TSessionResponse> => {
      try {
        return await api<TSessionResponse>('/auth/session', { signal });
      } catch (error) {
        // No session (or no auth API on this server yet) simply means a guest.
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return { user: null };
        throw error;
      }
    },
  });

export interface Session {
  user: TSessionUser | null;
  /** spec §4 Auth: true until the first session check has answered. */
  loading: boolean;
  signIn(input: TSignInRequest): Promise<TSessionUser>;
  signUp(input: TSignUpRequest): Promise<TSignUpResponse>;
  /** Signs out everywhere, then goes to / after 100 ms, even when the request fails (spec §4 Auth). */
  signOut(): Promise<void>;
  /** Puts a fresher copy of the user (e.g. after a profile save) into the session cache. */
  setUser(user: TSessionUser | null): void;
  refresh(): Promise<void>;
}

export function useSession(): Session {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(sessionQuery());
  const user = query.data?.user ?? null;
  const loading = query.isPending;

  useEffect(() => {
    if (loading) return;
    if (user) writeStorage(SIGNED_IN_HINT_KEY, '1');
    else clearStoredAuthKeys();
  }, [loading, user]);

  const setUser = useCallback(
    (next: TSessionUser | null) => {
      // A session check still in flight (started before this sign-in, say) would answer with the old
      // state and overwrite the new one: drop it first.
      void queryClient.cancelQueries({ queryKey: sessionKey });
      queryClient.setQueryData<TSessionResponse>(sessionKey, { user: next });
    },
    [queryClient],
  );

  const signIn = useCallback(
    async (input: TSignInRequest) => {
      const { user: signedIn } = await api<{ user: TSessionUser }>('/auth/sign-in', { method: 'POST', body: input });
      setUser(signedIn);
      return signedIn;
    },
    [setUser],
  );

  const signUp = useCallback(
    async (input: TSignUpRequest) => {
      const result = await api<TSignUpResponse>('/auth/sign-up', { method: 'POST', body: input });
      // Without email confirmation the server has already signed the new account in.
      if (!result.requiresEmailConfirmation) setUser(result.user);
      return result;
    },
    [setUser],
  );

  const signOut = useCallback(async () => {
    // Issue 26: this browser's push subscription ends with the session (loaded only now: not first-visit code).
    await import('../push').then((push) => push.forgetThisBrowser()).catch(() => {});
    try {
      await api('/auth/sign-out?scope=global', { method: 'POST' });
    } catch (error) {
      // spec §8: a failed sign-out is only logged; the user is signed out here regardless.
      console.warn('Sign-out request failed', error);
    }
    setUser(null);
    // ASVS V14.3.1: nothing the signed-in user loaded (conversations, billing, notifications) stays
    // in this tab for the next person; the server's Clear-Site-Data covers storage and the HTTP cache.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
    clearStoredAuthKeys();
    setTimeout(() => navigate('/'), SIGN_OUT_REDIRECT_MS);
  }, [navigate, queryClient, setUser]);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: sessionKey }), [queryClient]);

  return { user, loading, signIn, signUp, signOut, setUser, refresh };
}
