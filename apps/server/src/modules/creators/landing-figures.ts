import { PRESENCE } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { isPaidSql } from '../messages';

/**
 * The landing's three figures (issue 25 §2, decision 0023), counted in one statement: creators online
 * now (a heartbeat within the online window, as on the cards), verified creators, and the share of
 * settled paid messages that were answered (the rest were refunded: expired, declined or released).
 */
export async function landingFigures(db: Db, opts: { now: Date }) {
  const online = new Date(opts.now.getTime() - PRESENCE.onlineWindowSeconds * 1000);
  const result = (await db.execute(sql`
      select
        (select count(*)::int from profiles p join user_presence up on up.user_id = p.id
          where p.is_creator and up.status = 'online' and up.last_seen_at > ${online}) as online,
        (select count(*)::int from profiles where is_creator and instagram_verified) as verified,
        (select count(*)::int from messages where ${isPaidSql()} and status = 'responded') as answered,
        (select count(*)::int from messages where ${isPaidSql()} and status in ('responded', 'refunded')) as settled`)) as unknown as {
    rows: Array<{ online: number; verified: number; answered: number; settled: number }>;
  };
  const row = result.rows[0];
  const settled = Number(row?.settled ?? 0);
  return {
    creatorsOnline: Number(row?.online ?? 0),
    verifiedCreators: Number(row?.verified ?? 0),
    answeredInTimePercent: settled === 0 ? null : Math.round((Number(row?.answered ?? 0) / settled) * 100),
  };
}
