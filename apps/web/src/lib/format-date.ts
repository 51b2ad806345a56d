const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** "Mar 3, 2025". */
export function formatDate(iso: string): string {
  return DAY.format(new Date(iso));
}

/** "March 2025". */
export function formatMonth(iso: string): string {
  return MONTH.format(new Date(iso));
}
