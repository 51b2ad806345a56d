import { z } from 'zod';
import { ZTimestamp } from './common';

/** spec §4 Presence and §9 timings. */
export const PRESENCE = {
  heartbeatMs: 60_000,
  awayDelayMs: 5_000,
  /** ARCHITECTURE §8: online = a heartbeat within 90 s and not signed out. */
  onlineWindowSeconds: 90,
  /** ARCHITECTURE §8: a repeated status is written at most once per user per 30 s. */
  coarseWriteSeconds: 30,
  /** spec §9: creator metrics are polled every 30 s. */
  metricsPollMs: 30_000,
} as const;

export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export type TPresenceStatus = (typeof PRESENCE_STATUSES)[number];

/** POST /api/activity (spec §7 update_user_activity; the unload beacon sends status offline). */
export const ZActivityRequest = z.object({ status: z.enum(PRESENCE_STATUSES) });
export type TActivityRequest = z.input<typeof ZActivityRequest>;

/** GET /api/creator/metrics (spec §3 creator metrics; weeks start on Monday, days are UTC). */
export const ZCreatorMetrics = z.object({
  messagesToday: z.number().int(),
  messagesThisWeek: z.number().int(),
  totalMessages: z.number().int(),
  /** Hours from payment to reply over answered paid messages, one decimal; null before the first reply. */
  avgResponseTimeHours: z.number().nullable(),
  profileViewsToday: z.number().int(),
  profileViewsTotal: z.number().int(),
  lastActive: ZTimestamp.nullable(),
  isOnline: z.boolean(),
});
export type TCreatorMetrics = z.input<typeof ZCreatorMetrics>;
