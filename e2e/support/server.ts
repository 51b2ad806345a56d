import { inject } from 'vitest';
import type { ServerUnderTest } from '../setup/global-setup';

/** This worker's server under test: each worker has its own, so files running at once share nothing. */
export function server(): ServerUnderTest {
  const servers = inject('servers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? '1');
  const own = servers[poolId - 1];
  if (!own) throw new Error(`no server for worker ${poolId}: the setup started ${servers.length}`);
  return own;
}
