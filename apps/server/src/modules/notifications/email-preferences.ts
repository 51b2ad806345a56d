import { EMAIL_KINDS, type TEmailKind, type TNotificationPreferences } from '@fanline/contracts';
import type { profiles } from '../../db/schema';

type Stored = typeof profiles.$inferSelect.notificationPreferences;

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
