import { EMAIL_KINDS, type TEmailKind, type TNotificationPreferences } from '@fanline/contracts';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationPreferences,
  type TStoredNotificationPreferences,
} from '../../db/schema';

type Stored = TStoredNotificationPreferences;

/**
 * A person's stored switches, or the defaults when they never changed one (decision 0072: a row is
 * written on the first change): select it over profiles left joined with notification_preferences.
 */
export const storedPreferencesColumn = sql<TStoredNotificationPreferences>`coalesce(${notificationPreferences.preferences}, ${JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES)}::jsonb)`;

/** The stored preferences with every kind spelled out: a kind never switched is on. */
export function readPreferences(stored: Stored): TNotificationPreferences {
  const emailKinds = Object.fromEntries(
    EMAIL_KINDS.map((kind) => [kind, stored.emailKinds?.[kind] !== false]),
  ) as TNotificationPreferences['emailKinds'];
  // `reminders` (issue #13) is absent on rows stored before it existed: read as on.
  return {
    email: stored.email,
    push: stored.push,
    emailKinds,
    reminders: stored.reminders !== false,
  };
}

/** The one rule for a product email: the master email switch and the switch of its kind are both on. */
export function wantsEmail(stored: Stored, kind: TEmailKind): boolean {
  const prefs = readPreferences(stored);
  return prefs.email && prefs.emailKinds[kind];
}
