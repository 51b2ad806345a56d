import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { SessionRef } from '../../platform/auth-guard';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { preparedPerDatabase } from '../../platform/prepared';
import { sessionCache } from './session-cache';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'fanline_session';
/** A session ends 30 days after sign-in whatever happens, or after 7 days without use. */
export const SESSION_ABSOLUTE_MS = 30 * 86_400_000;
export const SESSION_IDLE_MS = 7 * 86_400_000;
/** last_seen_at is written at most this often, so reads do not become writes on every request. */
const TOUCH_EVERY_MS = 60_000;

export type { SessionRef };

export async function createSession(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  ipAddress?: string;
  userAgent?: string;
}): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const now = opts.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const [row] = await opts.db
    .insert(sessions)
    .values({
      userId: opts.userId,
      tokenHash: hash,
      expiresAt,
      lastSeenAt: now,
      createdAt: now,
      ipAddress: opts.ipAddress ?? null,
      userAgent: opts.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  // Housekeeping: expired sessions of this user go as a new one starts.
  await opts.db.delete(sessions).where(and(eq(sessions.userId, opts.userId), lt(sessions.expiresAt, now)));
  return { token, sessionId: row.id, expiresAt };
}

// Every signed-in request starts with this read: prepared once per database (issue 14, decision 0017).
const sessionByToken = preparedPerDatabase('session_by_token', (db: Db, _shape: undefined, name: string) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare(name),
);

/**
 * The live session behind a cookie token, or null when unknown, expired or idle too long. With
 * `cacheMs` a row read that recently is reused (session-cache.ts).
 */
export async function resolveSession(opts: {
  db: Db;
  clock: Clock;
  token: string;
  cacheMs?: number;
}): Promise<SessionRef | null> {
  const tokenHash = hashToken(opts.token);
  let row = sessionCache.get(opts.db, tokenHash);
  if (!row) {
    [row = null] = await sessionByToken(opts.db, undefined).execute({ tokenHash });
    if (row) sessionCache.set(opts.db, tokenHash, row, opts.cacheMs ?? 0);
  }
  if (!row) return null;
  const now = opts.clock.now().getTime();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    const { id } = row;
    sessionCache.forget(opts.db, (cached) => cached.id === id);
    await opts.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // The cached row is the same object: later requests see the touch too.
    row.lastSeenAt = new Date(now);
    await opts.db.update(sessions).set({ lastSeenAt: row.lastSeenAt }).where(eq(sessions.id, row.id));
  }
  return { sessionId: row.id, userId: row.userId };
}

/** Whether a session is still live, without counting this as use (an open stream is not a visit). */
export async function isSessionLive(opts: { db: Db; clock: Clock; sessionId: string }): Promise<boolean> {
  const [row] = await opts.db
    .select({ expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.id, opts.sessionId));
  if (!row) return false;
  const now = opts.clock.now().getTime();
  return row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + SESSION_IDLE_MS > now;
}

/**
 * Issue 39: which of these sessions are still live, in one statement however many there are (an
 * instance's open streams re-check theirs together on each heartbeat). The ids travel as one text
 * parameter, so 50,000 streams make one statement with one parameter, not 50,000.
 */
export async function liveSessionIds(opts: { db: Db; clock: Clock; sessionIds: string[] }): Promise<Set<string>> {
  if (opts.sessionIds.length === 0) return new Set();
  const now = opts.clock.now();
  const rows = await opts.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        sql`${sessions.id} = any(string_to_array(${opts.sessionIds.join(',')}, ',')::uuid[])`,
        sql`${sessions.expiresAt} > ${now}`,
        sql`${sessions.lastSeenAt} > ${new Date(now.getTime() - SESSION_IDLE_MS)}`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  sessionCache.forget(db, (row) => row.id === sessionId);
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Signs a user out everywhere, optionally keeping the session making the request. */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  sessionCache.forget(db, (row) => row.userId === userId && row.id !== exceptSessionId);
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

/**
 * After revoking sessions: open event streams of the user (on any instance) re-check their session
 * and end if it is gone. A failure here only delays that to the stream's next heartbeat.
 */
export async function announceSessionsEnded(
  ctx: Pick<AppContext, 'events' | 'log'>,
  opts: { userId: string },
): Promise<void> {
  const { userId } = opts;
  try {
    await ctx.events.sessionsEnded([userId]);
  } catch (error) {
    ctx.log.warn({ err: error, userId }, 'could not announce ended sessions');
  }
}
