import { dollarsToCents, type TAdminEditUser } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { recordAudit } from '../modules/audit';
import { assertDisplayNameAllowed, assertUsernameAllowed, holdFreedUsername } from '../modules/profiles';
import { readSettings } from '../modules/settings';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';

type Change = Partial<typeof profiles.$inferInsert>;

/**
 * One admin change to a profile with its audit row, in one transaction (ARCHITECTURE §8). The
 * `change` callback sees the current row and returns the columns to set.
 */
export async function updateUser(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { adminId: string; userId: string; action: string; change: (current: typeof profiles.$inferSelect) => Change },
) {
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(profiles).where(eq(profiles.id, opts.userId)).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'User not found');
    const change = opts.change(current);
    const before = Object.fromEntries(Object.keys(change).map((k) => [k, current[k as keyof typeof current]]));
    const [after] = await tx
      .update(profiles)
      .set({ ...change, updatedAt: now })
      .where(eq(profiles.id, opts.userId))
      .returning();
    // A renamed user keeps their old name for the hold period, as after their own rename.
    if (change.username && change.username.toLowerCase() !== current.username.toLowerCase()) {
      await holdFreedUsername(tx, { profileId: opts.userId, oldName: current.username, now });
    }
    await recordAudit(tx, {
      adminId: opts.adminId,
      action: opts.action,
      targetType: 'profile',
      targetId: opts.userId,
      before,
      after: change,
      now,
    });
    return after;
  });
  // Names, bio, price, availability, featured, made a creator: each is on a card (and updated_at
  // orders "Recently Active").
  await announceCardChange(ctx);
  return updated;
}

/** spec §5 Admin edit user: price, Available and Featured only apply to creators. */
export async function editUser(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { adminId: string; userId: string; edit: TAdminEditUser },
) {
  const { edit } = opts;
  // The same rules as the user's own edit (security review N9).
  if (edit.displayName !== undefined) {
    await assertDisplayNameAllowed(ctx.db, { name: edit.displayName, profileId: opts.userId });
  }
  // One username rule (issue 35): reserved and staff words, names held after a rename, taken names
  // and lookalikes of a protected creator's are refused here as in the user's own edit.
  if (edit.username !== undefined) {
    await assertUsernameAllowed(ctx.db, { username: edit.username, profileId: opts.userId, now: ctx.clock.now() });
  }
  return updateUser(ctx, {
    ...opts,
    action: 'user.edit',
    change: (current) => {
      const change: Change = {};
      if (edit.displayName !== undefined) change.displayName = edit.displayName;
      if (edit.username !== undefined) change.username = edit.username;
      if (edit.bio !== undefined) change.bio = edit.bio || null;
      if (current.isCreator) {
        if (edit.messagePriceDollars !== undefined) change.messagePrice = dollarsToCents(edit.messagePriceDollars);
        if (edit.isAvailable !== undefined) change.isAvailable = edit.isAvailable;
        if (edit.isFeatured !== undefined) change.isFeatured = edit.isFeatured;
      }
      return change;
    },
  });
}

/** spec §4 Admin user: made creator with the default price, available. */
export async function makeCreator(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { adminId: string; userId: string },
) {
  const { default_message_price: price } = await readSettings(ctx.db, ['default_message_price']);
  return updateUser(ctx, {
    ...opts,
    action: 'user.make_creator',
    change: (current) => {
      if (current.isCreator) throw new AppError('CONFLICT', 'This user is already a creator.');
      return { isCreator: true, isAvailable: true, messagePrice: dollarsToCents(price) };
    },
  });
}

export async function setFeatured(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { adminId: string; userId: string; featured: boolean },
) {
  return updateUser(ctx, {
    ...opts,
    action: opts.featured ? 'user.feature' : 'user.unfeature',
    change: (current) => {
      if (!current.isCreator) throw new AppError('BAD_REQUEST', 'Only creators can be featured.');
      return { isFeatured: opts.featured };
    },
  });
}
