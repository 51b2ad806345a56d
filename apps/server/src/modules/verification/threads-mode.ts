import type { Config } from '../../platform/config';
import { resolveAppSecret } from '../../platform/secrets';

export type ThreadsMode = 'oauth' | 'simulated' | 'unavailable';

export const THREADS_SCOPE = 'threads_basic';

/**
 * Real OAuth with a configured Threads app; without one, a clearly labelled simulation stands in
 * outside production (issue 3 item 7) and in the demo's explicit opt-in (DEMO_MODE, decision 0024).
 * Production without that opt-in refuses rather than fake a verification.
 */
export function threadsMode(config: Config): ThreadsMode {
  if (config.threads.clientId && config.threads.clientSecret) return 'oauth';
  return config.env !== 'production' || config.demoMode ? 'simulated' : 'unavailable';
}

/** The handle as typed: trimmed, one leading @ removed (people paste '@name'). */
export function normalizeHandle(input: string): string {
  return input.trim().replace(/^@/, '').trim();
}

// resolveAppSecret may touch the disk; read it once per config.
const secrets = new WeakMap<Config, string>();
export function stateSecret(config: Config): string {
  let secret = secrets.get(config);
  if (!secret) {
    secret = resolveAppSecret(config);
    secrets.set(config, secret);
  }
  return secret;
}
