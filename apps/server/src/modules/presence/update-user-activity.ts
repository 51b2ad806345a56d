import { PRESENCE, type TPresenceStatus } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';

/**
 * spec §7 update_user_activity. ARCHITECTURE §8: a coarse write. The same status again within 30 s
 * writes nothing (a heartbeat storm costs one primary-key probe each); a change of status writes at
 * once, so away and offline show without delay. last_active_at follows every online or away write
 * in the same row, which is what cards and the metrics read (it was profiles', decision 0073).
 *
 * Issue 39: a creator going online, or no longer online, changes their card's "Online now" and the
 * landing's count, so that is announced; a heartbeat that keeps them online is not (the browse answer's
 * last_active_at, which no card shows, may then be BROWSE_CACHE_MS old). The statement says which it was,
 * comparing the row before the write (the same snapshot) with the one written.
 */
export async function updateUserActivity(
  ctx: Pick<AppContext, 'db' | 'events' | 'log'>,
  opts: { userId: string; status: TPresenceStatus; now: Date },
): Promise<void> {
  const coarse = sql.raw(`interval '${PRESENCE.coarseWriteSeconds} seconds'`);
  const online = new Date(opts.now.getTime() - PRESENCE.onlineWindowSeconds * 1000);
  const result = (await ctx.db.execute(sql`
    with before as (
      select status = 'online' and last_seen_at > ${online} as online
      from user_presence where user_id = ${opts.userId}
    ), written as (
      insert into user_presence (user_id, status, last_seen_at, last_active_at)
      values (${opts.userId}, ${opts.status}, ${opts.now}, ${opts.status === 'offline' ? null : opts.now})
      on conflict (user_id) do update set status = excluded.status, last_seen_at = excluded.last_seen_at,
        last_active_at = coalesce(excluded.last_active_at, user_presence.last_active_at)
      where user_presence.status <> excluded.status
         or user_presence.last_seen_at <= excluded.last_seen_at - ${coarse}
      returning user_id, status, last_seen_at
    )
    select exists (
      select 1 from written join profiles p on p.id = written.user_id
      where p.is_creator
        and (written.status = 'online') <> coalesce((select online from before), false)
    ) as flipped`)) as unknown as { rows: Array<{ flipped: boolean }> };
  if (result.rows[0]?.flipped) await announceCardChange(ctx);
}
