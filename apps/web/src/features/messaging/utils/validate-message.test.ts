import { MESSAGE_MESSAGES as M } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { validateMessage } from './validate-message';

describe('message validation (spec §5 Message)', () => {
  test('signed out comes first', async () => {
    expect(await validateMessage('A perfectly fine message', false)).toEqual({
      title: M.authRequiredTitle,
      text: M.authRequired,
    });
  });

  test('required, too short (trimmed), too long, each with its title', async () => {
    expect(await validateMessage('   ', true)).toEqual({ title: M.requiredTitle, text: M.required });
    expect(await validateMessage('  short    ', true)).toEqual({ title: M.tooShortTitle, text: M.tooShort });
    expect(await validateMessage('x'.repeat(1001), true)).toEqual({ title: M.tooLongTitle, text: M.tooLong });
  });

  test('10 to 1000 trimmed characters pass', async () => {
    expect(await validateMessage('  ten chars!  ', true)).toBeNull();
    expect(await validateMessage('x'.repeat(1000), true)).toBeNull();
  });
});
