import { describe, expect, test } from 'vitest';
import { ReplayBuffer } from './replay-buffer';

const event = (n: number) => ({ type: 'notification', notificationId: `n${n}` }) as const;

describe('the replay buffer', () => {
  test('gives the events after an id for the asked channels, in the order heard', () => {
    const buffer = new ReplayBuffer('me');
    buffer.record('x-1', ['u1'], event(1));
    buffer.record('y-1', ['u2'], event(2));
    buffer.record('x-2', ['u1', 'u2'], event(3));
    buffer.record('y-2', ['admins'], event(4));
    expect(buffer.after('x-1', ['u1'])).toEqual([{ id: 'x-2', event: event(3) }]);
    expect(buffer.after('x-1', ['u1', 'admins'])?.map((e) => e.id)).toEqual(['x-2', 'y-2']);
    expect(buffer.after('y-2', ['u1'])).toEqual([]);
    expect(buffer.after('unknown-7', ['u1'])).toBeNull();
    expect(buffer.head()).toBe('y-2');
  });

  test('its start id means everything, until something was forgotten', () => {
    let now = 0;
    const buffer = new ReplayBuffer('me', () => now, 3, 60_000);
    expect(buffer.head()).toBe('start.me');
    buffer.record('x-1', ['u1'], event(1));
    expect(buffer.after('start.me', ['u1'])).toHaveLength(1);
    for (let i = 2; i <= 4; i++) buffer.record(`x-${i}`, ['u1'], event(i));
    // Bounded by count: the oldest went, and with it the start.
    expect(buffer.after('x-1', ['u1'])).toBeNull();
    expect(buffer.after('start.me', ['u1'])).toBeNull();
    expect(buffer.after('x-2', ['u1'])?.map((e) => e.id)).toEqual(['x-3', 'x-4']);
    // Bounded by age.
    now = 61_000;
    expect(buffer.after('x-2', ['u1'])).toBeNull();
    expect(buffer.head()).toBe('start.me');
  });

  test('stays bounded over many events', () => {
    const buffer = new ReplayBuffer('me', () => 0, 100, 60_000);
    for (let i = 1; i <= 5000; i++) buffer.record(`x-${i}`, ['u1'], event(i));
    expect(buffer.after('x-4901', ['u1'])).toHaveLength(99);
    expect(buffer.after('x-4900', ['u1'])).toBeNull();
    expect(buffer.head()).toBe('x-5000');
  });
});
