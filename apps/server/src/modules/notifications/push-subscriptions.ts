import net from 'node:net';
import type { TPushSubscribeRequest } from '@fanline/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pushSetup } from './push-keys';

/** How many browsers one account may have subscribed; the oldest goes when a new one comes. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/**
 * The push services browsers subscribe with (Chrome/Edge: FCM, Firefox: Mozilla autopush, Edge on
 * Windows: WNS, Safari: Apple). The server POSTs to the endpoint a browser hands it, so only these
 * hosts are accepted: anything else would let a caller make the server send requests where it likes.
 */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'web.push.apple.com'];
const PUSH_SERVICE_SUFFIXES = ['.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may send to this endpoint: https at a known push service; outside production also
 * https on this machine (the local push-service stand-in the tests use). Null when it may, else why not.
 */
export function endpointProblem(endpoint: string, production: boolean): string | null {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'A push endpoint must be an https address.';
  if (url.username || url.password) return 'A push endpoint must not carry credentials.';
  const host = url.hostname.toLowerCase();
  if (PUSH_SERVICE_HOSTS.includes(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    // Security review F8: the push services listen on https's own port; any other is not theirs.
    return url.port === '' ? null : 'A push endpoint must use the default https port.';
  }
  if (!production && (LOOPBACK.has(host) || (net.isIP(host) && host.startsWith('127.')))) return null;
  return 'This push service is not supported.';
}

/**
 * Saves the caller's browser subscription (POST /api/push/subscriptions). One endpoint is one browser
 * profile: subscribing again (a new key, another account signed in there) replaces its row, so a push
 * only ever goes to whoever subscribed that browser last.
 */
export async function savePushSubscription(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock'>,
  opts: { userId: string; subscription: TPushSubscribeRequest },
): Promise<void> {
  if (!pushSetup(ctx.config).keys) {
    throw new AppError('CONFLICT', 'Push notifications are not available on this server.');
  }
  const { endpoint, keys } = opts.subscription;
  const problem = endpointProblem(endpoint, ctx.config.env === 'production');
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { endpoint: problem });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId: opts.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: opts.userId, p256dh: keys.p256dh, auth: keys.auth, createdAt: now, lastSuccessAt: null },
      });
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, opts.userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const extra = rows.slice(0, Math.max(0, rows.length - MAX_PUSH_SUBSCRIPTIONS)).map((row) => row.id);
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
  });
}

/** Forgets one of the caller's browsers (DELETE /api/push/subscriptions); another user's row stays. */
export async function removePushSubscription(
  ctx: Pick<AppContext, 'db'>,
  opts: { userId: string; endpoint: string },
): Promise<void> {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, opts.userId), eq(pushSubscriptions.endpoint, opts.endpoint)));
}

/** Forgets every browser of a user (signing out everywhere). */
export async function removeAllPushSubscriptions(ctx: Pick<AppContext, 'db'>, opts: { userId: string }) {
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, opts.userId));
}
