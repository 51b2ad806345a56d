import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that moves money or answers a paid message (decision 0044): with an `Idempotency-Key`
     * header, a repeat of the same request gets the first one's stored answer and does nothing again.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The idempotency_keys row this request claimed, to store its answer in (onSend). */
    idempotencyKey?: string;
  }
}

/** A key is kept this long: a client or HAProxy retries within seconds; a day covers a reload too. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * A claimed key with no answer after this long belonged to an attempt that died (its instance was
 * killed mid-request): the next attempt takes it over and runs the request again. Every route marked
 * `idempotent` is safe to run again after a crash (a payment is confirmed once whatever the attempts,
 * a reply answers open messages only); the stored answer is what stops a second run once one finished.
 */
export const IDEMPOTENCY_ABANDONED_MS = 10_000;
const POLL_MS = 100;
const KEY_PATTERN = /^[\w-]{8,100}$/;

/**
 * `Idempotency-Key` on the routes marked `idempotent` (decision 0044). The first request with a key
 * claims it (a row in idempotency_keys, per user), runs, and stores its 2xx answer; a repeat with the
 * same key and the same request gets that answer again (header `idempotent-replayed: true`), a repeat
 * while the first still runs waits for it, and the same key with another request is refused (409). A
 * request that failed (4xx, 5xx) frees its key so it can be tried again. HAProxy retries a keyed write
 * whose instance died (deploy/haproxy.cfg), which is how a kill mid-payment loses nothing.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config?.idempotent) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.auth) return;
    if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
      throw new AppError('BAD_REQUEST', 'Idempotency-Key must be 8 to 100 letters, digits, "-" or "_".');
    }
    const key = `${request.auth.userId}:${header}`;
    const hash = requestHash(request);
    const stored = await claimOrWait(app.db, { key, userId: request.auth.userId, hash });
    if (stored === 'claimed') {
      request.idempotencyKey = key;
      return;
    }
    reply.header('idempotent-replayed', 'true');
    return reply.code(stored.status).send(stored.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    request.idempotencyKey = undefined;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      await app.db
        .update(idempotencyKeys)
        .set({ response: { status: reply.statusCode, body: payload ? JSON.parse(payload) : null } })
        .where(eq(idempotencyKeys.key, key));
    } else {
      await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    }
    return payload;
  });
}

interface StoredAnswer {
  status: number;
  body: unknown;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? ''} ${JSON.stringify(request.params ?? {})}`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

async function claimOrWait(
  db: Db,
  claim: { key: string; userId: string; hash: string },
): Promise<'claimed' | StoredAnswer> {
  const deadline = Date.now() + IDEMPOTENCY_ABANDONED_MS + 2_000;
  for (;;) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ key: claim.key, userId: claim.userId, requestHash: claim.hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return 'claimed';
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, claim.key));
    if (!row) continue; // freed between the two statements: claim it now
    if (row.requestHash !== claim.hash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
    }
    if (row.response) return row.response as StoredAnswer;
    // Still running elsewhere, or its instance died: take over a claim that has been silent too long.
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.key, claim.key),
          isNull(idempotencyKeys.response),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_ABANDONED_MS / 1000})`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return 'claimed';
    if (Date.now() > deadline) {
      throw new AppError('CONFLICT', 'This request is still being processed. Please try again in a moment.');
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Deletes keys older than a day (the jobs loop); returns how many went. */
export async function pruneIdempotencyKeys(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - IDEMPOTENCY_KEEP_MS);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
