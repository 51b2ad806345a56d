import { z } from 'zod';

// Admin lists come a page at a time: page + limit, answered with the total the search and filter match
// (decision 0028). Each admin list's query and response add these to their own fields.

/** Rows on one page of an admin list unless the caller asks for another `limit` (a phone screen or two). */
export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_PAGE_LIMIT_MAX = 100;

export const ZAdminPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_LIMIT_MAX).default(ADMIN_PAGE_SIZE),
});

export type TAdminPageQuery = z.infer<typeof ZAdminPageQuery>;

export const ZAdminPage = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** Rows the search and filter match, on every page together. */
  total: z.number().int(),
  hasMore: z.boolean(),
});

export type TAdminPage = z.infer<typeof ZAdminPage>;
