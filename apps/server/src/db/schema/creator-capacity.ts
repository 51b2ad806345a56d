import { sql } from 'drizzle-orm';
import { check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';
import { profiles } from './profiles';

/**
 * Issue #13 capacity protection (decision 0071; on `profiles` until then), written by care only: at
 * most this many open paid messages / paid messages a day (null: no limit), and away until
 * `vacation_until` (null or past: not away). No row means no limit and not away.
 */
export const creatorCapacity = pgTable(
  'creator_capacity',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    maxOpenMessages: integer('max_open_messages'),
    dailyMessageCap: integer('daily_message_cap'),
    vacationUntil: tstz('vacation_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'creator_capacity_max_open_range',
      sql`${t.maxOpenMessages} is null or ${t.maxOpenMessages} between 1 and 1000`,
    ),
    check(
      'creator_capacity_daily_cap_range',
      sql`${t.dailyMessageCap} is null or ${t.dailyMessageCap} between 1 and 1000`,
    ),
  ],
);
