import { dollarsToCents, type TAdminEditUser } from '@fanline/contracts';
import { recordAudit } from '../modules/audit';
import { changeProfileAsAdmin, type TAdminProfileChange, type TAdminProfileRow } from '../modules/profiles';
import { readSettings } from '../modules/settings';
import { announceCardChange } from '../platform/card-change';
import type { AppContext } from '../platform/context';
import { AppError } from '../platform/errors';

type Change = TAdminProfileChange;

/**
 * One admin change to a profile with its audit row, in one transaction (ARCHITECTURE §8). The
 * `change` callback sees the current row and returns the columns to set.
 */
export async function updateUser(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { adminId: string; userId: string; action: string; change: (current: TAdminProfileRow) => Change },
) {
  const now = ctx.clock.now();
  // The profile is written through its module (issue 35): the name rules and the username hold are
  // applied there, the same as for the user's own edit.
  await ctx.db.transaction(async (tx) => {
    const { before, after } = await changeProfileAsAdmin(tx, { userId: opts.userId, now, change: opts.change });
    await recordAudit(tx, {
      adminId: opts.adminId,
      action: opts.action,
      targetType: 'profile',
      targetId: opts.userId,
      before,
      after,
      now,
    });
  });
  // Names, bio, price, availability, featured, made a creator: each is on a card (and updated_at
  // orders "Recently Active").
  await announceCardChange(ctx);
}

/** spec §5 Admin edit user: price, Available and Featured only apply to creators. */
export async function editUser(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { adminId: string; userId: string; edit: TAdminEditUser },
) {
  const { edit } = opts;
  // The names are judged by the profiles module with the user's own rules (security review N9, issue 35).
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
