import type { TCreatorSummary } from '@fanline/contracts';

type Paused = Pick<TCreatorSummary, 'pauseReason' | 'vacationUntil'>;

/** Issue #13: when a paused creator (away, full, daily cap) takes messages again, in the product's words. */
export function pauseNote(creator: Paused, now = new Date()): string | null {
  const date = (at: Date) => at.toLocaleDateString(undefined, { month: 'long', day: 'numeric' });
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
