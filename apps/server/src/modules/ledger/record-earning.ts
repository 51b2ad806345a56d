import { eq } from 'drizzle-orm';
import { earnings } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Whether a message's earning is booked: a capture books it once, so a second capture is a no-op. */
export async function earningExists(tx: Db, opts: { messageId: string }): Promise<boolean> {
  const [row] = await tx.select({ id: earnings.id }).from(earnings).where(eq(earnings.messageId, opts.messageId));
  return Boolean(row);
}

/**
 * The creator's share of one captured payment, as a pending earning (spec §4 Payout: what a payout
 * later marks paid). Booked in the capture's transaction, beside its ledger credit to creator_payable,
 * so the unpaid earnings always equal what creator_payable holds for the creator.
 */
export async function recordEarning(
  tx: Db,
  opts: { creatorId: string; messageId: string; amount: number; commission: number; totalAmount: number; now: Date },
): Promise<void> {
  await tx.insert(earnings).values({
    creatorId: opts.creatorId,
    messageId: opts.messageId,
    amount: opts.amount,
    commission: opts.commission,
    totalAmount: opts.totalAmount,
    status: 'pending',
    createdAt: opts.now,
    updatedAt: opts.now,
  });
}
