// Browse's and search's tuning (page sizes, debounces, sort orders), apart from LIMITS: the landing's quick
// search needs QUICK_SEARCH on a first visit, and LIMITS would come along in the same chunk.
export const QUICK_SEARCH = { minChars: 2, debounceMs: 300, limit: 5 } as const;
export const FEATURED = { limit: 8, skeletons: 5 } as const;
// Browse's sort orders and response-rate filter live here, not beside the zod schemas in creators.ts:
// the Discover page needs the lists, and importing them from a schema module would pull zod into it.
export const BROWSE_SORTS = ['response_rate_desc', 'price_asc', 'price_desc', 'recent', 'new'] as const;
export type TBrowseSort = (typeof BROWSE_SORTS)[number];
export const RESPONSE_RATE_OPTIONS = ['all', '90', '95', '99'] as const;

export const BROWSE = { pageSize: 12, debounceMs: 800, minSearchChars: 3 } as const;

// The external lookup's thresholds are read by the Discover page's first render: here, not beside the
// lookup's zod schemas in creators.ts, which would bring zod (~45 KB gzipped to evaluate) into
// /creators' first load (decision 0037).
/** spec §5 Search and §9: the shortest term the external lookup is asked about, by page. */
export const EXTERNAL_LOOKUP_MIN_CHARS = { search: 4, discover: 3 } as const;
/** spec §9: Discover asks the external lookup once typing has paused this long. */
export const DISCOVER_LOOKUP_DEBOUNCE_MS = 1000;
