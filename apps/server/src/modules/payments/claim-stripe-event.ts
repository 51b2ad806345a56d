import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { webhookEvents } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * A Stripe event is handled once: every delivery claims its event id here first, and only the first
 * claim is acted on (stripe/webhook-routes.ts; one stripe/on-<event>.ts per handled event).
 *
 * Claims a Stripe event for handling (webhook idempotency, ARCHITECTURE §3a): true the first time.
 * A claim left unfinished for ten minutes (the process died mid-handling, so no 500 told Stripe to
 * retry and no row was deleted) may be taken again, or that event would be lost for good. Handlers
 * are idempotent themselves, so the rare double run after a crash changes nothing twice.
 */
export async function claimWebhookEvent(db: Db, event: { id: string; type: string }): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoUpdate({
      target: webhookEvents.id,
      set: { receivedAt: sql`now()` },
      setWhere: and(
        isNull(webhookEvents.processedAt),
        lt(webhookEvents.receivedAt, sql`now() - interval '10 minutes'`),
      ),
    })
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

export async function markWebhookEventProcessed(db: Db, id: string): Promise<void> {
  await db.update(webhookEvents).set({ processedAt: sql`now()` }).where(eq(webhookEvents.id, id));
}

/** Handling failed: forget the event so Stripe's next delivery of it is handled rather than skipped. */
export async function forgetWebhookEvent(db: Db, id: string): Promise<void> {
  await db.delete(webhookEvents).where(and(eq(webhookEvents.id, id), isNull(webhookEvents.processedAt)));
}
