import type { TCreatorSummary } from '@fanline/contracts';
import { formatMonthDay } from '../../lib/format-date';

type Paused = Pick<TCreatorSummary, 'pauseReason' | 'vacationUntil'>;

// A fixed locale and UTC: vacation_until is a calendar day (midnight UTC) and the daily cap resets at
// midnight UTC, and the server's HTML must say the same as the browser's first render (decision 0020).

/** Issue #13: when a paused creator (away, full, daily cap) takes messages again, in the product's words. */
export function pauseNote(creator: Paused, now = new Date()): string | null {
  const date = (at: Date) => formatMonthDay(at, { utc: true });
  switch (creator.pauseReason) {
    case 'away':
      return creator.vacationUntil ? `Back on ${date(new Date(creator.vacationUntil))}` : null;
    case 'daily_cap':
      return `Back on ${date(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)))}`;
    case 'full':
      return 'Taking messages again when a slot frees up';
    default:
      return null;
  }
}
