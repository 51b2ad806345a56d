import { describe, expect, test } from 'vitest';
import { isInvalidProfileUsername } from './username';

describe('isInvalidProfileUsername (spec §5)', () => {
  test.each(['', '  ', ':username', '{username}', '[username]', '<username>', 'undefined', 'null'])(
    'rejects %j',
    (name) => expect(isInvalidProfileUsername(name)).toBe(true),
  );
  test.each(['mayastyle', 'newbie_nick', 'Maya.Style', 'username'])('accepts %j', (name) =>
    expect(isInvalidProfileUsername(name)).toBe(false),
  );
  test('rejects an unfilled template literal', () => expect(isInvalidProfileUsername('$' + '{username}')).toBe(true));
  test('rejects a missing parameter', () => expect(isInvalidProfileUsername(undefined)).toBe(true));
});
