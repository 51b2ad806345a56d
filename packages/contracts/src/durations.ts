/**
 * spec §9: a creator card says its average response time in words, as the mock's '6 hours'.
 * Minutes under an hour, hours under two days, then days; "Under a minute" below one.
 */
export function formatResponseTime(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return 'Under a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.round(seconds / 3600);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.round(seconds / 86_400), 'day');
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
