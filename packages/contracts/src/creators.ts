import { z } from 'zod';
import { BROWSE, BROWSE_SORTS, QUICK_SEARCH, RESPONSE_RATE_OPTIONS } from './browse-limits';
import { ZText, ZTimestamp } from './common';
import { LIMITS } from './limits';

// modules/creators (and categories): creator cards, browse, find, featured, quick search, categories, the Instagram key.

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
  /**
   * Decision 0026: the average time from payment to reply over the creator's answered paid messages,
   * in seconds; null until one is answered (the card then shows none). formatResponseTime words it.
   */
  avgResponseSeconds: z.number().int().nonnegative().nullable(),
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

export type { TBrowseSort } from './browse-limits';

const ZFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * GET /api/creators (spec §7 'profiles browse'). Prices are cents here; the page's URL keeps the
 * spec's dollar parameters and converts. `cursor` comes from the previous page's nextCursor.
 */
export const ZBrowseQuery = z.object({
  search: ZText.trim().max(100).optional(),
  minPrice: z.coerce.number().int().min(0).optional(),
  maxPrice: z.coerce.number().int().min(0).optional(),
  verified: ZFlag.optional(),
  responseRate: z.enum(RESPONSE_RATE_OPTIONS).default('all'),
  available: ZFlag.default(true),
  featured: ZFlag.optional(),
  categories: ZText.max(500)
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(LIMITS.handleInput.max)).max(LIMITS.categories.max))
    .optional(),
  sort: z.enum(BROWSE_SORTS).default('response_rate_desc'),
  cursor: ZText.max(500).optional(),
  limit: z.coerce.number().int().min(1).max(48).default(BROWSE.pageSize),
});

export type TBrowseQuery = z.input<typeof ZBrowseQuery>;

export const ZBrowseCreator = ZCreatorSummary.extend({
  disciplines: z.array(z.string()),
  isFeatured: z.boolean(),
  threadsOnboardingCompleted: z.boolean(),
  instagramFollowerCount: z.number().int().nullable(),
});

export type TBrowseCreator = z.input<typeof ZBrowseCreator>;

export const ZBrowseResponse = z.object({ creators: z.array(ZBrowseCreator), nextCursor: z.string().nullable() });

export type TBrowseResponse = z.input<typeof ZBrowseResponse>;

/** Find Creators (spec §2, §7 'profiles full search' and the external lookup). */
export const ZFindCreatorsQuery = z.object({
  q: ZText.trim().min(1).max(100),
  status: z.enum(['all', 'on_platform', 'off_platform']).default('all'),
  /** Where the term was typed: the external lookup starts at 4 characters on Find Creators, 3 on Discover (spec §5). */
  from: z.enum(['search', 'discover']).default('search'),
});

/** spec §3 Normalized external user, as a card: id 'instagram-{id}', not on the platform. */
export const ZExternalCreator = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string().nullable(),
  biography: z.string().nullable(),
  is_verified: z.boolean(),
  follower_count: z.number().int().nullable(),
  profile_pic_url: z.string().nullable(),
  is_private: z.boolean(),
  is_creator: z.literal(false),
  user_type: z.literal('regular'),
  on_platform: z.literal(false),
});

export type TExternalCreator = z.input<typeof ZExternalCreator>;

export const EXTERNAL_STATUSES = ['ok', 'skipped', 'not_configured', 'quota', 'unavailable', 'no_data'] as const;

export const ZFindCreatorsResponse = z.object({
  creators: z.array(ZBrowseCreator),
  external: z.array(ZExternalCreator),
  /** What the external lookup did; the page shows the spec's message for each failure. */
  externalStatus: z.enum(EXTERNAL_STATUSES),
});

export type TFindCreatorsResponse = z.input<typeof ZFindCreatorsResponse>;

export const ZInstagramKeyRequest = z.object({
  apiKey: ZText.trim().min(1, 'Please enter an API key').max(500, 'This API key is too long.'),
});

export const ZInstagramKeyStatus = z.object({
  configured: z.boolean(),
  source: z.enum(['config', 'settings', 'none']),
});

/**
 * GET /api/creators/landing: the landing's live figures and quotes (issue 25 §2, decision 0023). Every
 * figure is counted from the database; the page hides a figure that is null or 0 and the testimonials
 * section when the list is empty.
 */
export const ZLandingResponse = z.object({
  /** Creators with a presence heartbeat in the online window (ARCHITECTURE §8 Presence). */
  creatorsOnline: z.number().int(),
  /** Creators whose account is verified (instagram_verified, the tick on their card). */
  verifiedCreators: z.number().int(),
  /** Paid messages answered before their window closed, as a whole percent of those settled; null before any. */
  answeredInTimePercent: z.number().int().nullable(),
  /** Newest reviews of 4 or 5 stars that have text, with who wrote them and about whom. */
  testimonials: z.array(
    z.object({
      id: z.uuid(),
      rating: z.number().int(),
      message: z.string(),
      reviewerName: z.string(),
      creator: z.object({ username: z.string(), displayName: z.string().nullable() }),
    }),
  ),
});
export type TLandingResponse = z.input<typeof ZLandingResponse>;
