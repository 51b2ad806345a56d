/**
 * Issue 36 §9: a lazy route whose chunk cannot be fetched. Offline, or after a deploy replaced the
 * bundles (the old hashed files are gone), `import()` rejects with a browser-specific message.
 */
const CHUNK_FAILURE = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_FAILURE.some((text) => message.includes(text));
}

const KEY = 'fanline:chunk-reload';
/** A second failure on the same URL within this time is not reloaded again: no reload loop. */
export const RELOAD_GUARD_MS = 60_000;

interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Whether to reload `url` once to recover: only online, and only if this tab did not already reload
 * the same URL for the same reason within RELOAD_GUARD_MS. Records the reload when it answers true.
 */
export function shouldReloadOnce(url: string, online: boolean, storage: Storage | null, now = Date.now()): boolean {
  if (!online || !storage) return false;
  try {
    const last = JSON.parse(storage.getItem(KEY) ?? 'null') as { url?: string; at?: number } | null;
    if (last?.url === url && typeof last.at === 'number' && now - last.at < RELOAD_GUARD_MS) return false;
    storage.setItem(KEY, JSON.stringify({ url, at: now }));
    return true;
  } catch {
    // Storage refused (private mode quota): without a guard, do not risk a loop.
    return false;
  }
}
