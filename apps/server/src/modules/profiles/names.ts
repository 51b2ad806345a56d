import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { Db } from '../../platform/db';

/** How another user is named on screen and in mail: display name, else username (spec §2). */
export async function nameOf(tx: Db, userId: string): Promise<{ isCreator: boolean; name: string | null } | undefined> {
  const [row] = await tx
    .select({ isCreator: profiles.isCreator, displayName: profiles.displayName, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row && { isCreator: row.isCreator, name: row.displayName ?? row.username ?? null };
}

/** Whether the profile exists. */
export async function profileExists(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId));
  return Boolean(row);
}

/**
 * Locks a profile row for the rest of the transaction. Payment confirmation locks the creator's row,
 * so a block that locks it first is seen by every confirmation after it (flows/block-fan.ts).
 */
export async function lockProfile(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
}
