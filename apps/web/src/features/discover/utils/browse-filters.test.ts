import { describe, expect, test } from 'vitest';
import {
  clampPrice,
  clearedFilters,
  countPopoverFilters,
  DEFAULT_FILTERS,
  filterChips,
  filtersToParams,
  hasActiveFilters,
  parseFilters,
  toBrowseQuery,
} from './browse-filters';

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe('browse filters in the URL (spec §2 Discover)', () => {
  test('an empty URL is the default state and the defaults write nothing', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  test('every parameter round-trips, with only non-default values written', () => {
    const query =
      'search=maya&minPrice=10&maxPrice=100&verified=true&responseRate=95&available=false&sort=price_asc&categories=Fashion%2CMusic&featured=true';
    const filters = parse(query);
    expect(filters).toEqual({
      search: 'maya',
      minPrice: 10,
      maxPrice: 100,
      verifiedOnly: true,
      responseRate: '95',
      availableOnly: false,
      featuredOnly: true,
      categories: ['Fashion', 'Music'],
      sort: 'price_asc',
    });
    expect(filtersToParams(filters).toString()).toBe(query);
  });

  test('malformed values fall back to the defaults', () => {
    expect(parse('minPrice=abc&maxPrice=9999&responseRate=42&sort=nope&verified=yes&available=maybe')).toEqual({
      ...DEFAULT_FILTERS,
      maxPrice: 500,
    });
  });

  test('prices snap to the 5-dollar grid, stay within 0-500 and come out ordered', () => {
    expect(clampPrice('12', 0)).toBe(10);
    expect(clampPrice('13', 0)).toBe(15);
    expect(clampPrice('-20', 0)).toBe(0);
    expect(clampPrice('', 40)).toBe(40);
    expect(parse('minPrice=200&maxPrice=50')).toMatchObject({ minPrice: 50, maxPrice: 200 });
  });

  test('a search below 3 characters is no search filter', () => {
    expect(parse('search=ab').search).toBe('');
    expect(filtersToParams({ ...DEFAULT_FILTERS, search: 'ab' }).has('search')).toBe(false);
  });

  test('categories are de-duplicated and capped at 5 (spec §9)', () => {
    expect(parse('categories=A,B,A,C,D,E,F').categories).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
});

describe('the API query', () => {
  test('converts dollars to cents and leaves defaults out', () => {
    expect(toBrowseQuery(DEFAULT_FILTERS)).toEqual({ sort: 'response_rate_desc' });
    expect(toBrowseQuery({ ...DEFAULT_FILTERS, minPrice: 20, maxPrice: 50, availableOnly: false })).toEqual({
      sort: 'response_rate_desc',
      minPrice: 2000,
      maxPrice: 5000,
      available: 'false',
    });
  });
});

describe('badge, chips and clearing', () => {
  const busy = parse('search=maya&minPrice=10&verified=true&available=false&categories=Music&sort=new');

  test('the Filters badge counts each non-default filter in the popover', () => {
    expect(countPopoverFilters(DEFAULT_FILTERS)).toBe(0);
    expect(countPopoverFilters(busy)).toBe(3);
  });

  test('one chip per active filter; removing one leaves the others', () => {
    const chips = filterChips(busy);
    expect(chips.map((chip) => chip.label)).toEqual([
      '"maya"',
      '$10 – $500',
      'Verified only',
      'Including unavailable',
      'Music',
    ]);
    const withoutPrice = chips[1]?.remove(busy);
    expect(withoutPrice).toMatchObject({ minPrice: 0, maxPrice: 500, verifiedOnly: true, search: 'maya' });
  });

  test('clearing resets every filter but keeps the sort', () => {
    expect(clearedFilters(busy)).toEqual({ ...DEFAULT_FILTERS, sort: 'new' });
    expect(hasActiveFilters(clearedFilters(busy))).toBe(false);
    expect(hasActiveFilters(busy)).toBe(true);
  });
});
