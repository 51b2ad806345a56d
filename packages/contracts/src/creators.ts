import { z } from 'zod';
import { ZText, ZTimestamp } from './common';
import { QUICK_SEARCH } from './limits';

/** What a creator card needs (spec §2 Creator card). Amounts in cents. */
export const ZCreatorSummary = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  instagramUsername: z.string().nullable(),
  instagramVerified: z.boolean(),
  instagramProfilePicture: z.string().nullable(),
  isCreator: z.boolean(),
  isAvailable: z.boolean(),
  messagePrice: z.number().int(),
  responseRate: z.number(),
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** ARCHITECTURE §8 Presence: a heartbeat within 90 s and not signed out. */
  isOnline: z.boolean(),
  lastActiveAt: ZTimestamp.nullable(),
  /**
   * Issue #13: why the creator takes no new paid messages now: away (back on `vacationUntil`), full
   * (until a slot frees up), daily cap (until tomorrow); null when open.
   */
  pauseReason: z.enum(['away', 'full', 'daily_cap']).nullable(),
  vacationUntil: ZTimestamp.nullable(),
});
export type TCreatorSummary = z.input<typeof ZCreatorSummary>;

export const ZFeaturedCreatorsResponse = z.object({ creators: z.array(ZCreatorSummary) });
export type TFeaturedCreatorsResponse = z.input<typeof ZFeaturedCreatorsResponse>;

export const ZQuickSearchQuery = z.object({
  q: ZText.trim().min(QUICK_SEARCH.minChars).max(100),
});
export const ZQuickSearchHit = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  instagramUsername: z.string().nullable(),
  instagramFollowerCount: z.number().int().nullable(),
});
export const ZQuickSearchResponse = z.object({ creators: z.array(ZQuickSearchHit) });
export type TQuickSearchHit = z.input<typeof ZQuickSearchHit>;
export type TQuickSearchResponse = z.input<typeof ZQuickSearchResponse>;

export const ZCategory = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string().nullable(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
});
export const ZCategoriesResponse = z.object({ categories: z.array(ZCategory) });
export type TCategory = z.input<typeof ZCategory>;
export type TCategoriesResponse = z.input<typeof ZCategoriesResponse>;
