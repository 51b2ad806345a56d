import type { Db } from '../../platform/db';

/**
 * Issue 14: a browse answer (already serialized) kept for a moment per normalized query, so a burst of
 * the same page costs one statement a second instead of one a request. The answer does not depend on
 * who asks (no field reads the viewer), so one copy serves guests and signed-in callers alike.
 *
 * Freshness (issue 39, decision 0067): each use case that changes what a card shows announces it
 * after its commit (`platform/card-change.ts`), which empties this cache on the announcing
 * instance before its answer leaves and on every other one as the word arrives. Nothing else empties
 * it: not another event, not a refused or unrelated request. A query that was already running when it
 * was emptied does not store its (possibly older) answer. What nothing announces is at most `ttlMs`
 * old: a presence or a vacation ending by the clock (decision 0017, round 2).
 */
export interface BrowseCache {
  get(key: string): string | undefined;
  /**
   * The answer to `key`: the cached one, or `load()`'s, kept for `ttlMs` (0: never) unless the cache
   * was emptied while it loaded. `counted` hears whether the answer came from the cache.
   */
  through(key: string, ttlMs: number, load: () => Promise<string>, counted?: (hit: boolean) => void): Promise<string>;
  clear(): void;
}

const MAX_ENTRIES = 1000;

export function createBrowseCache(now: () => number = performance.now.bind(performance)): BrowseCache {
  const entries = new Map<string, { body: string; until: number }>();
  let generation = 0;
  const get = (key: string) => {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (hit.until > now()) return hit.body;
    entries.delete(key);
    return undefined;
  };
  return {
    get,
    async through(key, ttlMs, load, counted) {
      const cached = ttlMs > 0 ? get(key) : undefined;
      counted?.(cached !== undefined);
      if (cached !== undefined) return cached;
      if (ttlMs <= 0) return load();
      const startedIn = generation;
      const body = await load();
      if (startedIn === generation) {
        // Bounded: past MAX_ENTRIES the oldest entry goes (a Map keeps insertion order).
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(key, { body, until: now() + ttlMs });
      }
      return body;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

// One cache per database: every app on it (tests build several) sees the others' writes empty it.
const byDb = new WeakMap<Db, BrowseCache>();

export function browseCacheFor(db: Db): BrowseCache {
  let cache = byDb.get(db);
  if (!cache) {
    cache = createBrowseCache();
    byDb.set(db, cache);
  }
  return cache;
}

/** Something a creator card shows may have changed: the next browse reads the database. */
export function creatorCardsChanged(db: Db): void {
  byDb.get(db)?.clear();
}
