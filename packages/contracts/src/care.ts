import { z } from 'zod';
import { ZTimestamp } from './common';
import { LIMITS } from './limits';

// modules/care: a creator's capacity protection (issue #13).

const { min, max } = LIMITS.capacity;
// Issue 36 §15: the rule is said on the field, with the way out.
export const CAPACITY_LIMIT_MESSAGE = `Enter ${min} to ${max}, or leave empty for no limit.`;
const capacityLimit = z
  .number(CAPACITY_LIMIT_MESSAGE)
  .int(CAPACITY_LIMIT_MESSAGE)
  .min(min, CAPACITY_LIMIT_MESSAGE)
  .max(max, CAPACITY_LIMIT_MESSAGE)
  .nullable();

/** Issue #13 capacity protection: PUT /api/creator/capacity. Null turns a limit off. */
export const ZCapacitySettings = z.object({
  maxOpenMessages: capacityLimit,
  dailyMessageCap: capacityLimit,
  /** Away until this moment (ISO timestamp), or null when not on vacation. */
  vacationUntil: z.iso.datetime({ offset: true }).nullable(),
});

export type TCapacitySettings = z.input<typeof ZCapacitySettings>;

/** Why checkout is refused right now: away (until its end), full (until a slot frees up), daily cap (until tomorrow). */
export const ZPause = z.object({
  reason: z.enum(['away', 'full', 'daily_cap']),
  until: ZTimestamp.nullable(),
});

export type TPause = z.input<typeof ZPause>;

export const ZCapacity = z.object({
  maxOpenMessages: z.number().int().nullable(),
  dailyMessageCap: z.number().int().nullable(),
  vacationUntil: ZTimestamp.nullable(),
  pause: ZPause.nullable(),
});

export type TCapacity = z.input<typeof ZCapacity>;

/** Issue #13 blocked senders: the fan a creator blocks or unblocks (a path parameter). */
export const ZBlockParams = z.object({ fanId: z.uuid() });

/** After a block: whether it is in place and how many open paid messages it released at once. */
export const ZBlockResult = z.object({ blocked: z.literal(true), released: z.number().int().min(0) });
export type TBlockResult = z.input<typeof ZBlockResult>;

export const ZBlockedFan = z.object({
  fanId: z.uuid(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  blockedAt: ZTimestamp,
});
export type TBlockedFan = z.input<typeof ZBlockedFan>;

/** The creator's blocks, newest first (settings → Blocked). */
export const ZBlockedFans = z.object({ blocked: z.array(ZBlockedFan) });
export type TBlockedFans = z.input<typeof ZBlockedFans>;
