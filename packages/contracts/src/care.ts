import { z } from 'zod';
import { ZTimestamp } from './common';

// modules/care: a creator's capacity protection (issue #13).

/** Issue #13 capacity protection: PUT /api/creator/capacity. Null turns a limit off. */
export const ZCapacitySettings = z.object({
  maxOpenMessages: z.number().int().min(1, 'At least 1.').max(1000, 'At most 1000.').nullable(),
  dailyMessageCap: z.number().int().min(1, 'At least 1.').max(1000, 'At most 1000.').nullable(),
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
