/** "just now", "45 seconds ago", "1 minute ago", "3 hours ago", "2 days ago": an age the server measured. */
export function formatAge(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (seconds < 1) return 'just now';
  if (seconds < 60) return unit(Math.floor(seconds), 'second');
  if (seconds < 3600) return unit(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return unit(Math.floor(seconds / 3600), 'hour');
  return unit(Math.floor(seconds / 86_400), 'day');
}

/** Seconds from `earlier` to `later` (two timestamps of the server's clock), never negative. */
export function secondsBetween(earlier: string, later: string): number {
  return Math.max(0, Math.floor((new Date(later).getTime() - new Date(earlier).getTime()) / 1000));
}

const KIND: Record<string, string> = {
  full: 'Full backup',
  diff: 'Differential backup',
  incr: 'Incremental backup',
  dump: 'Database dump',
  drill: 'Restore drill',
};
const TOOL: Record<string, string> = { pgbackrest: 'pgBackRest', pg_dump: 'pg_dump' };

/** "Full backup (pgBackRest)". */
export function backupName(run: { kind: string; tool: string }): string {
  return `${KIND[run.kind] ?? run.kind} (${TOOL[run.tool] ?? run.tool})`;
}
