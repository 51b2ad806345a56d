import { profileViews } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { countAttempt } from '../../platform/rate-limit';

const VIEW_WINDOW_MS = 5 * 60_000;

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
    const who = opts.viewerId ?? `ip:${opts.ip}`;
    const seen = await countAttempt({
      db: ctx.db,
      clock: ctx.clock,
      key: `view:${opts.profileId}:${who}`,
      windowMs: VIEW_WINDOW_MS,
    });
    if (seen > 1) return;
    await ctx.db
      .insert(profileViews)
      .values({ profileId: opts.profileId, viewerId: opts.viewerId, viewedAt: ctx.clock.now() });
  } catch (error) {
    ctx.log.warn({ err: error, profileId: opts.profileId }, 'could not record a profile view');
  }
}
