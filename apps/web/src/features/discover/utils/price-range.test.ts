import { describe, expect, test } from 'vitest';
import { clampPrice, filtersToParams, parseFilters, priceRangeOf, toBrowseQuery } from './browse-filters';

// The live settings raised the highest price to $1,000 in steps of $10 (admin Settings > Pricing).
const range = priceRangeOf({ maxDollars: 1000, stepDollars: 10 });

describe('the browse price filter follows the live price bounds (/api/config)', () => {
  test('the slider runs from 0 to the live maximum in the live step', () => {
    expect(range).toEqual({ min: 0, max: 1000, step: 10 });
    expect(clampPrice('2000', 0, range)).toBe(1000);
    expect(clampPrice('14', 0, range)).toBe(10);
  });

  test('the live maximum is the default: not written to the URL nor sent to the API', () => {
    const filters = parseFilters(new URLSearchParams(''), range);
    expect(filters.maxPrice).toBe(1000);
    expect(filtersToParams(filters, range).toString()).toBe('');
    expect(toBrowseQuery(filters, range).maxPrice).toBeUndefined();
    const narrowed = parseFilters(new URLSearchParams('maxPrice=700'), range);
    expect(narrowed.maxPrice).toBe(700);
    expect(toBrowseQuery(narrowed, range).maxPrice).toBe(70_000);
  });
});
