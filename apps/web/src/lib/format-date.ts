// Dates in the product's words (en-US), written out rather than with Intl.DateTimeFormat: the first Intl
// formatter a tab makes loads ICU's data, 80–280 ms of main-thread time on our test machines, and the
// profile and Discover pages paid it while hydrating (decision 0037). `utc` picks the calendar: HTML the
// server renders uses UTC, so the browser's first render says the same (decision 0020).

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

interface Parts {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

function parts(date: Date, utc: boolean): Parts {
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

const shortMonth = (month: number) => (MONTHS[month] ?? '').slice(0, 3);

/** "Mar 3" (local time; UTC with `utc`). */
export function formatShortDate(date: Date, { utc = false } = {}): string {
  const p = parts(date, utc);
  return `${shortMonth(p.month)} ${p.day}`;
}

/** "March 3" (local time; UTC with `utc`). */
export function formatMonthDay(date: Date, { utc = false } = {}): string {
  const p = parts(date, utc);
  return `${MONTHS[p.month]} ${p.day}`;
}

/** "Mar 3, 2025" (local time). */
export function formatDate(iso: string): string {
  const p = parts(new Date(iso), false);
  return `${shortMonth(p.month)} ${p.day}, ${p.year}`;
}

/** "March 2025", in UTC: a profile's "On Fanline since" is server-rendered HTML. */
export function formatMonth(iso: string): string {
  const p = parts(new Date(iso), true);
  return `${MONTHS[p.month]} ${p.year}`;
}

/** "Mar 3, 2025, 3:05 PM" (local time). */
export function formatDateTime(date: Date): string {
  const p = parts(date, false);
  const hour = p.hours % 12 === 0 ? 12 : p.hours % 12;
  const minutes = String(p.minutes).padStart(2, '0');
  return `${shortMonth(p.month)} ${p.day}, ${p.year}, ${hour}:${minutes} ${p.hours < 12 ? 'AM' : 'PM'}`;
}
