// spec §9: the ranges and defaults of the platform settings an admin adjusts (LIMITS includes them). A
// module of their own: the web app's fallback settings, in every page's first load, need these numbers
// and not the rest of LIMITS.
export const PRICE_DOLLARS = { minDollars: 5, maxDollars: 500, stepDollars: 5, defaultDollars: 25 } as const;
export const RESPONSE_WINDOW_HOURS = { min: 1, max: 168, default: 24 } as const;
/** spec §9: the smallest payout a creator may request. Not a setting, but FAQ copy in the first load states it. */
export const MINIMUM_PAYOUT_CENTS = 10_000;
export const COMMISSION_PERCENT = { min: 0, max: 50, default: 25 } as const;
