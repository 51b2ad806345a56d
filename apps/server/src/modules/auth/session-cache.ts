import type { Db } from '../../platform/db';

/** What a session lookup read: enough to decide, without the database, whether the session is live. */
export interface SessionRow {
  id: string;
  userId: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

interface Entry {
  row: SessionRow;
  /** performance.now() after which the row is read again. */
  until: number;
}

/** Past this many cached sessions the cache starts over: it holds one second of traffic, never a history. */
const MAX_ENTRIES = 20_000;

const byDb = new WeakMap<Db, Map<string, Entry>>();

function entriesOf(db: Db): Map<string, Entry> {
  let entries = byDb.get(db);
  if (!entries) {
    entries = new Map();
    byDb.set(db, entries);
  }
  return entries;
}

/**
 * Issue 14 (decision 0017): every signed-in request started with a round trip for its session. A row
 * read in the last `SESSION_CACHE_MS` (1 s by default, 0 under tests) is reused by token hash; expiry
 * and idleness are still judged on each request from the row's times. This process forgets a session
 * the moment it revokes it (sign-out, password change or reset), and another instance's as its
 * announcement arrives (session-hook.ts); were that lost, within that second.
 */
export const sessionCache = {
  get(db: Db, tokenHash: string): SessionRow | null {
    const entries = byDb.get(db);
    const entry = entries?.get(tokenHash);
    if (!entry) return null;
    if (entry.until > performance.now()) return entry.row;
    entries?.delete(tokenHash);
    return null;
  },
  set(db: Db, tokenHash: string, row: SessionRow, ttlMs: number): void {
    if (ttlMs <= 0) return;
    const entries = entriesOf(db);
    if (entries.size >= MAX_ENTRIES) entries.clear();
    entries.set(tokenHash, { row, until: performance.now() + ttlMs });
  },
  /** Forgets the sessions `match` picks (revoked ones), so this process never serves them again. */
  forget(db: Db, match: (row: SessionRow) => boolean): void {
    const entries = byDb.get(db);
    if (!entries) return;
    for (const [hash, entry] of entries) if (match(entry.row)) entries.delete(hash);
  },
};
