import { useEffect, useState } from 'react';
import { formatDateTime, formatShortDate } from '../../lib/format-date';
import { useHydrated } from '../../lib/use-hydrated';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5m ago", "3h ago", "Yesterday", "4d ago", then "Mar 3". */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const difference = now - new Date(iso).getTime();
  // A moment ahead is the two clocks disagreeing; a time further ahead (a deadline) is said as such,
  // not as "just now" (a dispute's deadline in 7 days read "just now").
  if (difference <= -MINUTE) return formatAhead(-difference, iso);
  const elapsed = Math.max(0, difference);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 2 * DAY) return 'Yesterday';
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatShortDate(new Date(iso));
}

function formatAhead(ahead: number, iso: string): string {
  if (ahead < HOUR) return `in ${Math.floor(ahead / MINUTE)}m`;
  if (ahead < DAY) return `in ${Math.floor(ahead / HOUR)}h`;
  if (ahead < 2 * DAY) return 'Tomorrow';
  if (ahead < 7 * DAY) return `in ${Math.floor(ahead / DAY)}d`;
  return formatShortDate(new Date(iso));
}

/**
 * A <time> with the relative text, kept fresh every minute; the full date is its tooltip. In HTML the
 * server rendered it shows the UTC day until the page has hydrated: "3h ago" and the local time zone
 * are the browser's, and a different first render would be a hydration mismatch.
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={hydrated ? formatDateTime(new Date(iso)) : undefined} className={className}>
      {/* Until hydrated (decision 0020): the day in UTC, the same on the server and in every browser. */}
      {hydrated ? formatRelativeTime(iso, now) : formatShortDate(new Date(iso), { utc: true })}
    </time>
  );
}
