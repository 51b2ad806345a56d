import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatMonthDay, formatShortDate } from './format-date';

// The written-out formats must say what Intl says in en-US (ICU's narrow no-break space before AM/PM
// aside), in local time and in UTC, over any date from 1990 to 2100.
const dates = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options);

describe('format-date', () => {
  test('matches Intl.DateTimeFormat en-US for every format', () => {
    const short = intl({ month: 'short', day: 'numeric' });
    const shortUtc = intl({ month: 'short', day: 'numeric', timeZone: 'UTC' });
    const monthDayUtc = intl({ month: 'long', day: 'numeric', timeZone: 'UTC' });
    const day = intl({ month: 'short', day: 'numeric', year: 'numeric' });
    const month = intl({ month: 'long', year: 'numeric', timeZone: 'UTC' });
    const full = intl({ dateStyle: 'medium', timeStyle: 'short' });
    fc.assert(
      fc.property(dates, (date) => {
        expect(formatShortDate(date)).toBe(short.format(date));
        expect(formatShortDate(date, { utc: true })).toBe(shortUtc.format(date));
        expect(formatMonthDay(date, { utc: true })).toBe(monthDayUtc.format(date));
        expect(formatDate(date.toISOString())).toBe(day.format(date));
        expect(formatMonth(date.toISOString())).toBe(month.format(date));
        expect(formatDateTime(date)).toBe(full.format(date).replace(/\u202f/g, ' '));
      }),
    );
  });
});
