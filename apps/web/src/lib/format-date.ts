const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
// In UTC: a profile's "On Fanline since" is server-rendered HTML, which must match the browser's render.
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Mar 3, 2025". */
export function formatDate(iso: string): string {
  return DAY.format(new Date(iso));
}

/** "March 2025". */
export function formatMonth(iso: string): string {
  return MONTH.format(new Date(iso));
}
