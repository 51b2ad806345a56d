import { COMMISSION_PERCENT, MINIMUM_PAYOUT_CENTS, PRICE_DOLLARS, RESPONSE_WINDOW_HOURS } from './setting-limits';
import type { TPlatformSettings } from './settings';

// Business constants of spec §9, each written once. The server enforces them; the web app imports them for instant feedback.
export const LIMITS = {
  message: { min: 10, max: 1000 },
  response: { min: 10, max: 1000 },
  bio: { max: 500 },
  reviewTitle: { max: 100 },
  reviewMessage: { max: 500 },
  reviewResponse: { max: 500 },
  rating: { min: 1, max: 5 },
  price: PRICE_DOLLARS,
  categories: { max: 5 },
  portfolioImages: { max: 6 },
  imageBytes: { max: 5 * 1024 * 1024 },
  /** ASVS 5.0 V6.2.1 (issue 42): at least 8; the spec's copy said 6 (decision 0046). */
  password: { min: 8 },
  /** RFC 5321: a forward path holds at most 256 octets, so an address at most 254. */
  email: { max: 254 },
  username: { min: 3, max: 30 },
  displayName: { max: 80 },
  /** A username or handle typed into a lookup (availability, verification, a profile URL): roomier than a username. */
  handleInput: { max: 60 },
  categoryName: { max: 40 },
  declineNote: { max: 300 },
  reportReason: { min: 3, max: 500 },
  moderationNotes: { max: 1000 },
  notificationBody: { max: 100 },
  minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
  /** Issue #13: how long after a reply the fan may flag it "not an answer"; the earning is payable after it. */
  notAnAnswerWindowHours: 48,
  notAnAnswerReason: { min: 3, max: 500 },
  responseWindowHours: RESPONSE_WINDOW_HOURS,
  commissionPercent: COMMISSION_PERCENT,
  /** Issue #13 capacity protection: the open-message cap and the daily cap a creator may set. */
  capacity: { min: 1, max: 1000 },
} as const;

/** spec §5 Settings inputs: the range of each numeric platform setting (defined beside the ranges it uses). */
export { SETTING_BOUNDS } from './setting-bounds';

/**
 * spec §9 admin settings defaults: what a fresh database seeds and what a missing or malformed
 * setting reads as. The numbers come from LIMITS; migration 0003 seeds the same values (a test pins them).
 */
export const PLATFORM_SETTING_DEFAULTS: TPlatformSettings = {
  default_message_price: LIMITS.price.defaultDollars,
  min_message_price: LIMITS.price.minDollars,
  max_message_price: LIMITS.price.maxDollars,
  commission_rate: LIMITS.commissionPercent.default,
  message_expiration_hours: LIMITS.responseWindowHours.default,
  maintenance_mode: false,
  new_user_registration: true,
  auto_moderation: true,
  require_creator_verification: true,
  email_notifications: true,
  system_alerts: true,
};
