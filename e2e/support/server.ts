import { inject } from 'vitest';
import type { ServerUnderTest } from '../setup/global-setup';

/** This worker's server under test: each worker has its own, so files running at once share nothing. */
export function server(): ServerUnderTest {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const own = servers[(poolId - 1) % servers.length];
  if (!own) throw new Error('no server under test for this worker');
  return own;
}
