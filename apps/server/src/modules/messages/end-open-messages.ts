import type { TDeclineReason } from '@fanline/contracts';
import { and, desc, gt, inArray } from 'drizzle-orm';
import { messages } from '../../db/schema';
import type { Db } from '../../platform/db';
import { isOpen, unansweredFromFan } from './queries';
import { refreshResponseRate } from './response-rate';

/**
 * A fan's open paid messages to one creator, newest first, locked FOR UPDATE: what a decline and a
 * block take before they end them. A reply and the expiry job lock the same rows, so any two of
 * them racing end each message in exactly one state.
 */
export async function lockOpenMessages(
  tx: Db,
  opts: { fanId: string; creatorId: string; now: Date },
): Promise<{ id: string; conversationId: string }[]> {
  return tx
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .where(and(unansweredFromFan(opts.fanId, opts.creatorId), gt(messages.expiresAt, opts.now)))
    .orderBy(desc(messages.createdAt))
    .for('update');
}

/**
 * Ends open paid messages the creator turned away (a decline with its reason, or a block with none):
 * `refunded` with `declined_at`, so they count on neither side of the response rate (issue #13).
 * Only still-open ones change. The caller releases their payments after its commit.
 */
export async function endOpenMessages(
  tx: Db,
  opts: { ids: readonly string[]; creatorId: string; now: Date; reason?: TDeclineReason; note?: string },
): Promise<void> {
  if (opts.ids.length === 0) return;
  await tx
    .update(messages)
    .set({
      status: 'refunded',
      declinedAt: opts.now,
      declineReason: opts.reason ?? null,
      declineNote: opts.note ?? null,
      updatedAt: opts.now,
    })
    .where(and(inArray(messages.id, [...opts.ids]), isOpen(opts.now)));
  await refreshResponseRate(tx, opts.creatorId);
}
