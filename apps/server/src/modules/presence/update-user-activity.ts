import { PRESENCE, type TPresenceStatus } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';

/**
 * spec §7 update_user_activity. ARCHITECTURE §8: a coarse write. The same status again within 30 s
 * writes nothing (a heartbeat storm costs one primary-key probe each); a change of status writes at
 * once, so away and offline show without delay. profiles.last_active_at follows every online or
 * away write in the same statement, which is what cards and the metrics read.
 */
export async function updateUserActivity(
  db: Db,
  opts: { userId: string; status: TPresenceStatus; now: Date },
): Promise<void> {
  const coarse = sql.raw(`interval '${PRESENCE.coarseWriteSeconds} seconds'`);
  await db.execute(sql`
    with written as (
      insert into user_presence (user_id, status, last_seen_at)
      values (${opts.userId}, ${opts.status}, ${opts.now})
      on conflict (user_id) do update set status = excluded.status, last_seen_at = excluded.last_seen_at
      where user_presence.status <> excluded.status
         or user_presence.last_seen_at <= excluded.last_seen_at - ${coarse}
      returning user_id, status, last_seen_at
    )
    update profiles set last_active_at = written.last_seen_at
    from written
    where profiles.id = written.user_id and written.status <> 'offline'`);
}
