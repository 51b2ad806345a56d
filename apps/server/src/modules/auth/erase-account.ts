import { eq } from 'drizzle-orm';
import { authTokens, sessions, users } from '../../db/schema';
import type { Db } from '../../platform/db';

/** The address an erased account keeps (unique, never deliverable: `.invalid` is reserved, RFC 2606). */
export const erasedEmail = (userId: string) => `deleted-${userId}@erased.invalid`;

/**
 * Erasure (issue 41, decision 0058): the account keeps its id (the ledger, payments and earnings point at
 * it) but loses its address and password, so nobody can sign in to it again; its sessions and mailed
 * tokens go (the caller then forgets cached sessions, revokeUserSessions). Returns the address it had, so the caller can erase it where others kept a copy.
 */
export async function eraseAccount(tx: Db, opts: { userId: string; now: Date }): Promise<{ email: string } | null> {
  const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, opts.userId));
  if (!before) return null;
  await tx
    .update(users)
    .set({ email: erasedEmail(opts.userId), passwordHash: null, emailVerifiedAt: null, updatedAt: opts.now })
    .where(eq(users.id, opts.userId));
  await tx.delete(sessions).where(eq(sessions.userId, opts.userId));
  await tx.delete(authTokens).where(eq(authTokens.userId, opts.userId));
  return before;
}
