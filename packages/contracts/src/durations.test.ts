import { describe, expect, test } from 'vitest';
import { formatResponseTime } from './durations';

describe('formatResponseTime', () => {
  test("words a response time as the spec's card does ('6 hours')", () => {
    expect(formatResponseTime(6 * 3600)).toBe('6 hours');
    expect(formatResponseTime(45 * 60)).toBe('45 minutes');
    expect(formatResponseTime(60)).toBe('1 minute');
    expect(formatResponseTime(20)).toBe('Under a minute');
    expect(formatResponseTime(3600)).toBe('1 hour');
    // 59.6 minutes is an hour, not "60 minutes"; 47.6 hours is two days.
    expect(formatResponseTime(59 * 60 + 36)).toBe('1 hour');
    expect(formatResponseTime(47.6 * 3600)).toBe('2 days');
    expect(formatResponseTime(3 * 86_400)).toBe('3 days');
  });
});
