import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_MESSAGES, type TAccountDeletion } from '@fanline/contracts';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import { accountDeletions, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/password';
import { hashToken } from './tokens';

/** How long after the request the erasure job erases the account (issue 41: 14 days to change your mind). */
export const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;

/** Closing an account needs its password again: a borrowed session alone cannot close it. */
export async function assertOwnPassword(db: Db, opts: { userId: string; password: string }): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, opts.userId));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, opts.password))) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_DELETION_MESSAGES.wrongPassword, {
      password: ACCOUNT_DELETION_MESSAGES.wrongPassword,
    });
  }
}

/** The pending request of a user, locked (a second closure or a cancel waits for the first). */
export async function lockPendingDeletion(tx: Db, userId: string) {
  const [row] = await tx
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'pending')))
    .for('update');
  return row ?? null;
}

/**
 * Records the request: pending until `now` + the grace. The partial unique index allows one pending
 * request per user, so two closures at once record one (the second is refused with a 409).
 */
export async function recordAccountDeletion(
  tx: Db,
  opts: { userId: string; requestedBy: string | null; now: Date; refundedMessages: number; earningsHeldCents: number },
): Promise<{ id: string; scheduledFor: Date }> {
  const scheduledFor = new Date(opts.now.getTime() + GRACE_MS);
  const [row] = await tx
    .insert(accountDeletions)
    .values({
      userId: opts.userId,
      requestedAt: opts.now,
      scheduledFor,
      requestedBy: opts.requestedBy,
      refundedMessages: opts.refundedMessages,
      earningsHeldCents: opts.earningsHeldCents,
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .onConflictDoNothing()
    .returning({ id: accountDeletions.id });
  if (!row) throw new AppError('CONFLICT', ACCOUNT_DELETION_MESSAGES.alreadyPending);
  return { id: row.id, scheduledFor };
}

/** The latest request of a user, as the owner and admins read it; null when there never was one. */
export async function accountDeletionOf(db: Db, userId: string): Promise<TAccountDeletion | null> {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId))
    .orderBy(desc(accountDeletions.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    requestedAt: row.requestedAt,
    scheduledFor: row.scheduledFor,
    startedByAdmin: row.requestedBy !== null,
    cancelledAt: row.cancelledAt,
    erasedAt: row.erasedAt,
    refundedMessages: row.refundedMessages,
    earningsHeldCents: row.earningsHeldCents,
    earningsHeldReason: row.earningsHeldCents > 0 ? ACCOUNT_DELETION_MESSAGES.earningsHeld : null,
  };
}

/**
 * Cancels the pending request of a user (signed in), or the one the mailed link names, while its grace
 * lasts. Returns the user whose deletion was cancelled, or null when there was nothing to cancel (no
 * pending request, an unknown or used link, or the grace is over and the erasure may already run).
 */
export async function cancelAccountDeletion(
  db: Db,
  opts: ({ userId: string } | { token: string }) & { now: Date },
): Promise<string | null> {
  const which =
    'userId' in opts
      ? eq(accountDeletions.userId, opts.userId)
      : eq(accountDeletions.cancelTokenHash, hashToken(opts.token));
  const [row] = await db
    .update(accountDeletions)
    .set({ status: 'cancelled', cancelledAt: opts.now, cancelTokenHash: null, updatedAt: opts.now })
    .where(
      and(
        which,
        eq(accountDeletions.status, 'pending'),
        // The erasure job claims rows at scheduled_for: a cancel after it never races an erasure.
        gt(accountDeletions.scheduledFor, opts.now),
      ),
    )
    .returning({ userId: accountDeletions.userId });
  return row?.userId ?? null;
}

/** Pending requests whose grace is over, locked for the erasure job (SKIP LOCKED: instances share the work). */
export async function claimDueDeletions(tx: Db, opts: { now: Date; limit: number }) {
  return tx
    .select({ id: accountDeletions.id, userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.status, 'pending'), lte(accountDeletions.scheduledFor, opts.now)))
    .orderBy(asc(accountDeletions.scheduledFor))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
}

export async function markAccountErased(tx: Db, opts: { id: string; now: Date }): Promise<void> {
  await tx
    .update(accountDeletions)
    .set({ status: 'erased', erasedAt: opts.now, cancelTokenHash: null, updatedAt: opts.now })
    .where(eq(accountDeletions.id, opts.id));
}

/** A fresh cancel-link token for the pending request (the mail's handler issues it when it sends). */
export async function issueCancelToken(tx: Db, opts: { id: string; hash: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(accountDeletions)
    .set({ cancelTokenHash: opts.hash, updatedAt: opts.now })
    .where(and(eq(accountDeletions.id, opts.id), eq(accountDeletions.status, 'pending')))
    .returning({ id: accountDeletions.id });
  return rows.length > 0;
}
