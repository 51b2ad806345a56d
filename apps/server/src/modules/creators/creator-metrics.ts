import { PRESENCE } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { isDeliveredSql } from '../messages';

/** Monday 00:00 UTC of the week holding `now` (spec §3: messages_this_week; our weeks start Monday). */
export function startOfWeekUtc(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

/**
 * spec §7 get_creator_metrics: three queries, each on an index that leads with the creator's id
 * (messages_recipient_created_idx, profile_views_profile_viewed_idx in each kept month's partition,
 * profile_view_months' and the other two primary keys).
 * A "message" is a paid message that reached the creator (not pending or cancelled, no follow-up).
 */
export async function getCreatorMetrics(db: Db, opts: { creatorId: string; now: Date }) {
  const today = new Date(Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth(), opts.now.getUTCDate()));
  const week = startOfWeekUtc(opts.now);
  const online = new Date(opts.now.getTime() - PRESENCE.onlineWindowSeconds * 1000);
  const [messageRows, viewRows, presenceRows] = await Promise.all([
    db.execute(sql`
      select
        count(*) filter (where created_at >= ${today})::int as today,
        count(*) filter (where created_at >= ${week})::int as week,
        count(*)::int as total,
        round((avg(extract(epoch from (responded_at - coalesce(paid_at, created_at))))
          filter (where status = 'responded' and responded_at is not null) / 3600)::numeric, 1)::double precision
          as avg_hours
      from messages
      where recipient_id = ${opts.creatorId} and ${isDeliveredSql()}`),
    // Decision 0063: days before the roll-up's watermark are counted in profile_view_months, the rest
    // are raw rows; one statement, so the watermark and the counts it covers are read together.
    db.execute(sql`
      with since as (select rolled_until::timestamp at time zone 'UTC' as at from profile_view_rollup)
      select
        (select count(*) from profile_views where profile_id = ${opts.creatorId} and viewed_at >= ${today})::int
          as today,
        ((select coalesce(sum(views), 0) from profile_view_months where profile_id = ${opts.creatorId})
          + (select count(*) from profile_views
             where profile_id = ${opts.creatorId} and viewed_at >= coalesce((select at from since), '-infinity')))::bigint as total`),
    db.execute(sql`
      select up.last_active_at,
        (up.status = 'online' and up.last_seen_at > ${online}) as is_online
      from profiles p left join user_presence up on up.user_id = p.id
      where p.id = ${opts.creatorId}`),
  ]);
  const m = firstRow(messageRows);
  const v = firstRow(viewRows);
  const p = firstRow(presenceRows);
  const lastActive = p.last_active_at;
  return {
    messagesToday: Number(m.today ?? 0),
    messagesThisWeek: Number(m.week ?? 0),
    totalMessages: Number(m.total ?? 0),
    avgResponseTimeHours: m.avg_hours === null || m.avg_hours === undefined ? null : Number(m.avg_hours),
    profileViewsToday: Number(v.today ?? 0),
    profileViewsTotal: Number(v.total ?? 0),
    lastActive: lastActive ? new Date(lastActive as string) : null,
    isOnline: p.is_online === true,
  };
}

function firstRow(result: unknown): Record<string, unknown> {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? [];
  return rows[0] ?? {};
}
