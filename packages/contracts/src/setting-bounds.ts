import { COMMISSION_PERCENT, RESPONSE_WINDOW_HOURS } from './setting-limits';

// A leaf of its own, re-exported by limits.ts: settings.ts validates with it and limits.ts types its
// defaults by settings.ts, so it cannot live in either without an import loop. Not in setting-limits.ts,
// which every page's first load carries (the bounds are only read by the settings schema).

/** spec §5 Settings inputs: the range of each numeric platform setting (the admin form and the server). */
export const SETTING_BOUNDS = {
  default_message_price: { min: 1, max: 1000 },
  min_message_price: { min: 1, max: 10_000 },
  max_message_price: { min: 1, max: 10_000 },
  commission_rate: { min: COMMISSION_PERCENT.min, max: COMMISSION_PERCENT.max },
  message_expiration_hours: { min: RESPONSE_WINDOW_HOURS.min, max: RESPONSE_WINDOW_HOURS.max },
} as const;
