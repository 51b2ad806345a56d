import { loadConfig } from '@fanline/server/testing';

/**
 * The product's configuration in the scale bench: production, quiet logs, the built-in test checkout.
 * BENCH_BROWSE_CACHE_MS=0 turns the browse cache (decision 0017) off, so browse is measured as SQL plus
 * the framework, like the baseline.
 */
export function productConfig() {
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    // Plain HTTP on loopback (decision 0044: a lab may, by name).
    ALLOW_HTTP_PUBLIC_URL: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: '/tmp/fanline-bench-product',
    PORT: '0',
    AUTH_IP_LIMIT: '100000',
  });
  const browseCacheMs = process.env.BENCH_BROWSE_CACHE_MS;
  return browseCacheMs === undefined ? config : { ...config, browseCacheMs: Number(browseCacheMs) };
}

/** A statement as the product sent it, and how the baseline answers one scenario with it. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
  /** The product sent it named (prepared once per connection); the baseline does the same. */
  prepared: boolean;
}

export type RenderKind = 'browse' | 'profile' | 'conversations';

export interface BaselineRoute {
  /** Path and query, exactly as requested. */
  path: string;
  /** The session cookie it is asked with (the fan's list and the creator's inbox share a path). */
  cookie?: string;
  kind: RenderKind;
  /** browse: the sort's cursor kind. */
  cursorKind?: 'integer' | 'number' | 'timestamp';
  /** browse: the page size asked for (the query fetches one more). */
  limit?: number;
  statements: CapturedStatement[];
  /** The product's own JSON, whose key order the baseline's answer follows. */
  keyOrder: { item: string[]; nested?: Record<string, string[]> };
  /** When the product answered (ms since the epoch): timestamp parameters move with the clock from here. */
  capturedAt: number;
}
