import { describe, expect, test } from 'vitest';
import { backupName, formatAge, secondsBetween } from './system-format';

describe('Admin › System wording', () => {
  test('an age is said in its largest whole unit, singular for one', () => {
    expect(formatAge(0)).toBe('just now');
    expect(formatAge(1)).toBe('1 second ago');
    expect(formatAge(59)).toBe('59 seconds ago');
    expect(formatAge(60)).toBe('1 minute ago');
    expect(formatAge(299)).toBe('4 minutes ago');
    expect(formatAge(7200)).toBe('2 hours ago');
    expect(formatAge(87_299)).toBe('1 day ago');
  });

  test('seconds between two server timestamps never go negative', () => {
    expect(secondsBetween('2026-11-28T21:00:00.000Z', '2026-11-28T21:00:42.900Z')).toBe(42);
    expect(secondsBetween('2026-11-28T21:00:05.000Z', '2026-11-28T21:00:00.000Z')).toBe(0);
  });

  test('a backup is named by its kind and tool', () => {
    expect(backupName({ kind: 'full', tool: 'pgbackrest' })).toBe('Full backup (pgBackRest)');
    expect(backupName({ kind: 'dump', tool: 'pg_dump' })).toBe('Database dump (pg_dump)');
  });
});
