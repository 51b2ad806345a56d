import { eq } from 'drizzle-orm';
import { userPresence } from '../../db/schema';
import type { Db } from '../../platform/db';

/** An erased account leaves no trace of when it was here (decision 0058; "last active", decision 0073). */
export async function erasePresence(tx: Db, opts: { userId: string }): Promise<void> {
  await tx.delete(userPresence).where(eq(userPresence.userId, opts.userId));
}
