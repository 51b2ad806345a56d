import {
  BROWSE,
  BROWSE_SORTS,
  LIMITS,
  RESPONSE_RATE_OPTIONS,
  type TBrowseQuery,
  type TBrowseSort,
} from '@fanline/contracts';

export type TResponseRate = (typeof RESPONSE_RATE_OPTIONS)[number];

/** spec §3 Browse filter state. Prices are whole dollars here, as in the URL; the API gets cents. */
export interface TBrowseFilters {
  search: string;
  minPrice: number;
  maxPrice: number;
  verifiedOnly: boolean;
  responseRate: TResponseRate;
  availableOnly: boolean;
  featuredOnly: boolean;
  categories: string[];
  sort: TBrowseSort;
}

/** The slider's bounds in whole dollars. */
export interface TPriceRange {
  min: number;
  max: number;
  step: number;
}

/**
 * spec §9: the filter runs from 0 (not the lowest price a creator may charge, so creators priced
 * under a since-raised minimum stay findable) to the highest price, in the price step. The live
 * bounds come from /api/config (`priceRangeOf`); these defaults of spec §9 stand until it answers.
 */
export const PRICE_RANGE: TPriceRange = { min: 0, max: LIMITS.price.maxDollars, step: LIMITS.price.stepDollars };

export function priceRangeOf(price: { maxDollars: number; stepDollars: number }): TPriceRange {
  return { min: 0, max: price.maxDollars, step: price.stepDollars };
}

/** The default filters for a price range: the whole range, available creators, best responders first. */
export function defaultFilters(range: TPriceRange = PRICE_RANGE): TBrowseFilters {
  return { ...DEFAULT_FILTERS, minPrice: range.min, maxPrice: range.max };
}

export const DEFAULT_FILTERS: TBrowseFilters = {
  search: '',
  minPrice: PRICE_RANGE.min,
  maxPrice: PRICE_RANGE.max,
  verifiedOnly: false,
  responseRate: 'all',
  availableOnly: true,
  featuredOnly: false,
  categories: [],
  sort: 'response_rate_desc',
};

/** Snaps a typed or pasted price onto the range's step grid, within it; anything unreadable gives `fallback`. */
export function clampPrice(value: unknown, fallback: number, range: TPriceRange = PRICE_RANGE): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || (typeof value === 'string' && value.trim() === '')) return fallback;
  const stepped = Math.round(n / range.step) * range.step;
  return Math.min(range.max, Math.max(range.min, stepped));
}

/** Reads the spec §2 URL parameters; unknown or malformed values fall back to the defaults. */
export function parseFilters(params: URLSearchParams, range: TPriceRange = PRICE_RANGE): TBrowseFilters {
  const search = (params.get('search') ?? '').trim();
  let minPrice = clampPrice(params.get('minPrice') ?? '', range.min, range);
  let maxPrice = clampPrice(params.get('maxPrice') ?? '', range.max, range);
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  const rate = params.get('responseRate');
  const sort = params.get('sort');
  const categories = [
    ...new Set(
      (params.get('categories') ?? '')
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ].slice(0, LIMITS.categories.max);
  return {
    search: search.length >= BROWSE.minSearchChars ? search : '',
    minPrice,
    maxPrice,
    verifiedOnly: params.get('verified') === 'true',
    responseRate: RESPONSE_RATE_OPTIONS.includes(rate as TResponseRate) ? (rate as TResponseRate) : 'all',
    availableOnly: params.get('available') !== 'false',
    featuredOnly: params.get('featured') === 'true',
    categories,
    sort: BROWSE_SORTS.includes(sort as TBrowseSort) ? (sort as TBrowseSort) : DEFAULT_FILTERS.sort,
  };
}

/** spec §2: only non-default values are written to the URL. */
export function filtersToParams(filters: TBrowseFilters, range: TPriceRange = PRICE_RANGE): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search.length >= BROWSE.minSearchChars) params.set('search', search);
  if (filters.minPrice !== range.min) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== range.max) params.set('maxPrice', String(filters.maxPrice));
  if (filters.verifiedOnly) params.set('verified', 'true');
  if (filters.responseRate !== 'all') params.set('responseRate', filters.responseRate);
  if (!filters.availableOnly) params.set('available', 'false');
  if (filters.sort !== DEFAULT_FILTERS.sort) params.set('sort', filters.sort);
  if (filters.categories.length) params.set('categories', filters.categories.join(','));
  if (filters.featuredOnly) params.set('featured', 'true');
  return params;
}

/** The GET /api/creators query for these filters: cents for prices, defaults left out. */
export function toBrowseQuery(filters: TBrowseFilters, range: TPriceRange = PRICE_RANGE): TBrowseQuery {
  const query: TBrowseQuery = { sort: filters.sort };
  if (filters.search) query.search = filters.search;
  if (filters.minPrice !== range.min) query.minPrice = filters.minPrice * 100;
  if (filters.maxPrice !== range.max) query.maxPrice = filters.maxPrice * 100;
  if (filters.verifiedOnly) query.verified = 'true';
  if (filters.responseRate !== 'all') query.responseRate = filters.responseRate;
  if (!filters.availableOnly) query.available = 'false';
  if (filters.featuredOnly) query.featured = 'true';
  if (filters.categories.length) query.categories = filters.categories.join(',');
  return query;
}

/** The Filters popover's badge: one per non-default filter inside it (spec §2). */
export function countPopoverFilters(filters: TBrowseFilters, range: TPriceRange = PRICE_RANGE): number {
  return [
    filters.minPrice !== range.min || filters.maxPrice !== range.max,
    filters.verifiedOnly,
    filters.responseRate !== 'all',
    !filters.availableOnly,
    filters.featuredOnly,
  ].filter(Boolean).length;
}

/** True when anything narrows (or widens) the list: decides which empty state shows. */
export function hasActiveFilters(filters: TBrowseFilters, range: TPriceRange = PRICE_RANGE): boolean {
  return Boolean(filters.search) || filters.categories.length > 0 || countPopoverFilters(filters, range) > 0;
}

/** Every filter back to its default; the sort order is a view choice and stays. */
export function clearedFilters(filters: TBrowseFilters, range: TPriceRange = PRICE_RANGE): TBrowseFilters {
  return { ...defaultFilters(range), sort: filters.sort };
}

export interface TFilterChip {
  key: string;
  label: string;
  remove: (filters: TBrowseFilters) => TBrowseFilters;
}

/** One removable chip per active filter, in the order the controls appear. */
export function filterChips(filters: TBrowseFilters, range: TPriceRange = PRICE_RANGE): TFilterChip[] {
  const chips: TFilterChip[] = [];
  if (filters.search) {
    chips.push({ key: 'search', label: `"${filters.search}"`, remove: (f) => ({ ...f, search: '' }) });
  }
  if (filters.minPrice !== range.min || filters.maxPrice !== range.max) {
    chips.push({
      key: 'price',
      label: `$${filters.minPrice} – $${filters.maxPrice}`,
      remove: (f) => ({ ...f, minPrice: range.min, maxPrice: range.max }),
    });
  }
  if (filters.verifiedOnly) {
    chips.push({ key: 'verified', label: 'Verified only', remove: (f) => ({ ...f, verifiedOnly: false }) });
  }
  if (filters.responseRate !== 'all') {
    chips.push({
      key: 'responseRate',
      label: `${filters.responseRate}%+ response rate`,
      remove: (f) => ({ ...f, responseRate: 'all' }),
    });
  }
  if (!filters.availableOnly) {
    chips.push({ key: 'available', label: 'Including unavailable', remove: (f) => ({ ...f, availableOnly: true }) });
  }
  if (filters.featuredOnly) {
    chips.push({ key: 'featured', label: 'Featured only', remove: (f) => ({ ...f, featuredOnly: false }) });
  }
  for (const category of filters.categories) {
    chips.push({
      key: `category:${category}`,
      label: category,
      remove: (f) => ({ ...f, categories: f.categories.filter((c) => c !== category) }),
    });
  }
  return chips;
}
