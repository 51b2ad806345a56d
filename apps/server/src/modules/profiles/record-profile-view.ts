import { profileViews } from '../../db/schema';
import { clientKey } from '../../platform/client-key';
import type { AppContext } from '../../platform/context';
import { countAttemptInWindow } from '../../platform/rate-limit';

const VIEW_WINDOW_MS = 5 * 60_000;

// Issue 14: every view upserted the same rate-limit row (a row lock and a WAL flush per request).
// The upsert says when the viewer's current window started; repeat views inside that window are
// then answered from memory (they would not be counted anyway). The shared row stays the judge
// whenever this process has not seen the window (another instance, a restart). Per database, bounded.
const OPENED_LIMIT = 50_000;
const windowsOpened = new WeakMap<object, Map<string, number>>();

function openedWindows(db: object): Map<string, number> {
  let opened = windowsOpened.get(db);
  if (!opened) {
    opened = new Map();
    windowsOpened.set(db, opened);
  }
  return opened;
}

/**
 * spec §3 profile_views: one row per viewer (or anonymous address) per profile per 5 minutes, so a
 * reload storm does not inflate the count. Failures are only logged (spec §8).
 */
export async function recordProfileView(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log'>,
  opts: { profileId: string; viewerId: string | null; ip: string },
): Promise<void> {
  if (opts.viewerId === opts.profileId) return;
  try {
    const who = opts.viewerId ?? `ip:${clientKey(opts.ip)}`;
    const key = `view:${opts.profileId}:${who}`;
    const now = ctx.clock.now().getTime();
    const opened = openedWindows(ctx.db);
    const openedAt = opened.get(key);
    if (openedAt !== undefined && now - openedAt < VIEW_WINDOW_MS && now >= openedAt) return;
    const seen = await countAttemptInWindow({ db: ctx.db, clock: ctx.clock, key, windowMs: VIEW_WINDOW_MS });
    if (opened.size >= OPENED_LIMIT) opened.clear();
    opened.set(key, seen.windowStart.getTime());
    if (seen.count > 1) return;
    await ctx.db
      .insert(profileViews)
      .values({ profileId: opts.profileId, viewerId: opts.viewerId, viewedAt: ctx.clock.now() });
  } catch (error) {
    ctx.log.warn({ err: error, profileId: opts.profileId }, 'could not record a profile view');
  }
}
