import { z } from 'zod';
import { ZTimestamp } from './common';

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

export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself.',
  notFound: 'There is no such account.',
  creatorsOnly: 'Only creators can block senders.',
} as const;
