import { PRESENCE } from '@fanline/contracts';
import { expect, test } from 'vitest';
import { PRESENCE_TIMINGS } from './use-presence';

test('the web presence timings match the contracts (spec §9)', () => {
  expect(PRESENCE_TIMINGS).toEqual({ heartbeatMs: PRESENCE.heartbeatMs, awayDelayMs: PRESENCE.awayDelayMs });
});
