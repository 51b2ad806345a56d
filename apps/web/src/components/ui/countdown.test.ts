import { describe, expect, test } from 'vitest';
import { formatClock, formatRemaining } from './countdown';
import { formatRelativeTime } from './relative-time';

describe('countdowns (spec §2 Conversation view and Creator conversation detail)', () => {
  test('hh:mm:ss ticks down to 00:00:00 and stays there', () => {
    expect(formatClock(24 * 3600_000)).toBe('24:00:00');
    expect(formatClock(3600_000 + 61_000 + 999)).toBe('01:01:01');
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(-5000)).toBe('00:00:00');
  });

  test('"Xh Ym remaining", then "Expired"', () => {
    expect(formatRemaining(23 * 3600_000 + 59 * 60_000 + 30_000)).toBe('23h 59m remaining');
    expect(formatRemaining(45_000)).toBe('0h 0m remaining');
    expect(formatRemaining(0)).toBe('Expired');
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  test('minutes, hours, yesterday, days, then a date', () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5m ago');
    expect(formatRelativeTime(ago(3 * 3600_000), now)).toBe('3h ago');
    expect(formatRelativeTime(ago(30 * 3600_000), now)).toBe('Yesterday');
    expect(formatRelativeTime(ago(4 * 86_400_000), now)).toBe('4d ago');
    expect(formatRelativeTime(ago(30 * 86_400_000), now)).toBe('Feb 8');
  });

  test('a time ahead is said as ahead; a few seconds ahead (clock skew) is still "just now"', () => {
    expect(formatRelativeTime(ago(-10_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5 * 60_000), now)).toBe('in 5m');
    expect(formatRelativeTime(ago(-3 * 3600_000), now)).toBe('in 3h');
    expect(formatRelativeTime(ago(-30 * 3600_000), now)).toBe('Tomorrow');
    expect(formatRelativeTime(ago(-4 * 86_400_000), now)).toBe('in 4d');
    expect(formatRelativeTime(ago(-30 * 86_400_000), now)).toBe('Apr 9');
  });
});
