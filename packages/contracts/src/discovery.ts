import { z } from 'zod';
import { ZText, ZTimestamp } from './common';
import { ZCreatorSummary } from './creators';
import { BROWSE, LIMITS } from './limits';

export const BROWSE_SORTS = ['response_rate_desc', 'price_asc', 'price_desc', 'recent', 'new'] as const;
export type TBrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_SORT_LABELS: Record<TBrowseSort, string> = {
  response_rate_desc: 'Highest Response Rate',
  price_asc: 'Price: Low to High',
  price_desc: 'Price: High to Low',
  recent: 'Recently Active',
  new: 'Newest Creators',
};
export const RESPONSE_RATE_OPTIONS = ['all', '90', '95', '99'] as const;

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
    .pipe(z.array(z.string().max(60)).max(LIMITS.categories.max))
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

export const ZPublicProfile = ZBrowseCreator.extend({
  coverUrl: z.string().nullable(),
  portfolioImages: z.array(z.string()),
  instagramBio: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TPublicProfile = z.input<typeof ZPublicProfile>;

export const ZReview = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  title: z.string().nullable(),
  message: z.string().nullable(),
  creatorResponse: z.string().nullable(),
  creatorResponseAt: ZTimestamp.nullable(),
  createdAt: ZTimestamp,
  customer: z.object({ username: z.string(), displayName: z.string().nullable(), avatarUrl: z.string().nullable() }),
});
export type TReview = z.input<typeof ZReview>;
export const ZReviewsResponse = z.object({ reviews: z.array(ZReview), nextCursor: z.string().nullable() });
export type TReviewsResponse = z.input<typeof ZReviewsResponse>;

export const ZInstagramKeyRequest = z.object({
  apiKey: ZText.trim().min(1, 'Please enter an API key').max(500, 'This API key is too long.'),
});
export const ZInstagramKeyStatus = z.object({
  configured: z.boolean(),
  source: z.enum(['config', 'settings', 'none']),
});

export const SEARCH_MESSAGES = {
  notConfigured: 'Instagram API key not configured. Showing platform creators only.',
  quota: 'Instagram API quota exceeded. Showing platform creators only.',
  unavailable: 'Instagram API temporarily unavailable. Showing platform creators only.',
  noData: 'Instagram API failed to return data. Please check the username or try again later.',
  searchError: (message: string) => `Error searching creators: ${message}`,
  searchFallback: 'An error occurred while searching',
  noneFound: 'No creators found',
  quickNone: (term: string) => `No creators found for "${term}"`,
  browseEmptyTitle: 'No creators available',
  browseEmptyBody: 'Check back soon for new creators joining our platform.',
  browseNoMatch: 'No creators found matching your search',
  browseErrorTitle: 'Error loading creators',
  browseErrorBody: 'Please try again in a moment',
  profileNotFound: 'Profile Not Found',
  invalidUsername: 'Invalid username in URL',
} as const;
