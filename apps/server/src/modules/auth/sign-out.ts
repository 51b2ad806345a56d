import type { SessionRef } from '../../platform/auth-guard';
import type { AppContext } from '../../platform/context';
import { removeAllPushSubscriptions } from '../notifications';
import { updateUserActivity } from '../presence';
import { announceSessionsEnded, revokeSession, revokeUserSessions } from './sessions';

/** Ends this session, or every session of the user with scope 'global'; the user shows offline (spec §4 Presence). */
export async function signOut(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { session: SessionRef; scope?: 'global' | 'local' | undefined },
): Promise<void> {
  const { userId, sessionId } = opts.session;
  await updateUserActivity(ctx, { userId, status: 'offline', now: ctx.clock.now() });
  if (opts.scope === 'global') {
    await revokeUserSessions(ctx.db, userId);
    // Issue 26: signed out everywhere, no browser of theirs keeps showing their pushes.
    await removeAllPushSubscriptions(ctx, { userId });
  } else await revokeSession(ctx.db, sessionId);
  await announceSessionsEnded(ctx, { userId });
}

/** The Clear-Site-Data answer to a sign-out: the HTTP cache, and local/session storage, IndexedDB and service workers. */
export const SIGN_OUT_CLEAR_SITE_DATA = '"cache", "storage"';
