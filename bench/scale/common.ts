import { loadConfig } from '@fanline/server/testing';

/** The product's configuration in the scale bench: production, quiet logs, the built-in test checkout. */
export function productConfig() {
  return loadConfig({
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: '/tmp/fanline-bench-product',
    PORT: '0',
    AUTH_IP_LIMIT: '100000',
  });
}

/** A statement as the product sent it, and how the baseline answers one scenario with it. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
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
