import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/**
 * A change to something of the person's that now lives in another module's table (capacity, payout
 * account, notification preferences: decisions 0071 and 0072) still moves their profile's updated_at,
 * as it did when those were profiles' columns: a creator's updated_at orders "Recently Active" (spec
 * §7 browse: recent by updated_at descending). The caller announces the card change when `isCreator`
 * (the browse answer's order moved); `isCreator` is false too when the person no longer exists.
 */
export async function markProfileUpdated(db: Db, opts: { userId: string; now: Date }): Promise<{ isCreator: boolean }> {
  const [row] = await db
    .update(profiles)
    .set({ updatedAt: opts.now })
    .where(eq(profiles.id, opts.userId))
    .returning({ isCreator: profiles.isCreator });
  return { isCreator: row?.isCreator ?? false };
}
