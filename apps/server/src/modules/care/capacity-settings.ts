import { eq } from 'drizzle-orm';
import { creatorCapacity, profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { markProfileUpdated } from '../profiles';
import { pauseOf } from './capacity';

/** A creator's capacity settings and whether they pause checkout now (issue #13 creator care). */
export async function getCapacity(ctx: Pick<AppContext, 'db' | 'clock'>, opts: { creatorId: string }) {
  const [row] = await ctx.db
    .select({
      isCreator: profiles.isCreator,
      maxOpenMessages: creatorCapacity.maxOpenMessages,
      dailyMessageCap: creatorCapacity.dailyMessageCap,
      vacationUntil: creatorCapacity.vacationUntil,
    })
    .from(profiles)
    // No row yet: no limits and not away (decision 0071).
    .leftJoin(creatorCapacity, eq(creatorCapacity.creatorId, profiles.id))
    .where(eq(profiles.id, opts.creatorId));
  if (!row?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have capacity settings.');
  const pause = await pauseOf(ctx.db, opts.creatorId, ctx.clock.now());
  return {
    maxOpenMessages: row.maxOpenMessages,
    dailyMessageCap: row.dailyMessageCap,
    vacationUntil: row.vacationUntil,
    pause,
  };
}

/** Saves the most open paid messages, a daily cap and vacation until a date (null: none); returns the new state. */
export async function updateCapacity(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: {
    creatorId: string;
    settings: { maxOpenMessages: number | null; dailyMessageCap: number | null; vacationUntil: string | null };
  },
) {
  await getCapacity(ctx, opts);
  const now = ctx.clock.now();
  const until = opts.settings.vacationUntil ? new Date(opts.settings.vacationUntil) : null;
  if (until && until <= now) {
    const message = 'Choose an end date in the future.';
    throw new AppError('VALIDATION_FAILED', message, { vacationUntil: message });
  }
  const settings = {
    maxOpenMessages: opts.settings.maxOpenMessages,
    dailyMessageCap: opts.settings.dailyMessageCap,
    vacationUntil: until,
    updatedAt: now,
  };
  // The row is made on the first save (decision 0071); the profile's updated_at moves with it, as when
  // these were profiles' columns ("Recently Active").
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(creatorCapacity)
      .values({ creatorId: opts.creatorId, ...settings })
      .onConflictDoUpdate({ target: creatorCapacity.creatorId, set: settings });
    await markProfileUpdated(tx, { userId: opts.creatorId, now });
  });
  // Away, full or at the daily cap: the card's pause note and Available filter.
  await announceCardChange(ctx);
  return getCapacity(ctx, opts);
}

/** Erasure (decision 0058): the person's capacity settings go; no row reads as no limits, not away. */
export async function forgetCapacity(tx: Db, opts: { creatorId: string }): Promise<void> {
  await tx.delete(creatorCapacity).where(eq(creatorCapacity.creatorId, opts.creatorId));
}
