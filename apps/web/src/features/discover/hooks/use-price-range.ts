import { useMemo } from 'react';
import { usePlatformConfig } from '../../../lib/platform-config';
import { priceRangeOf, type TPriceRange } from '../utils/browse-filters';

/** The browse price filter's bounds from the live platform settings (/api/config). */
export function usePriceRange(): TPriceRange {
  const { price } = usePlatformConfig();
  return useMemo(() => priceRangeOf(price), [price]);
}
