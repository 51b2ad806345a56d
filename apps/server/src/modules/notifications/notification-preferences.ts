import type { TEmailKind, TNotificationPreferences, ZNotificationPreferencesUpdate } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { readPreferences } from './email-preferences';

async function storedPreferences(ctx: Pick<AppContext, 'db'>, userId: string) {
  const [row] = await ctx.db
    .select({ preferences: profiles.notificationPreferences })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'Profile not found');
  return row.preferences;
}

/** The caller's notification preferences with every default filled in (Edit Profile, spec §2). */
export async function getNotificationPreferences(
  ctx: Pick<AppContext, 'db'>,
  opts: { userId: string },
): Promise<TNotificationPreferences> {
  return readPreferences(await storedPreferences(ctx, opts.userId));
}

/** Saves the caller's preferences; kinds the body leaves out keep their stored value (an older client sends none). */
export async function updateNotificationPreferences(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { userId: string; update: z.output<typeof ZNotificationPreferencesUpdate> },
): Promise<TNotificationPreferences> {
  const stored = await storedPreferences(ctx, opts.userId);
  const { emailKinds, reminders, ...switches } = opts.update;
  const next = {
    ...switches,
    emailKinds: { ...stored.emailKinds, ...emailKinds },
    reminders: reminders ?? stored.reminders,
  };
  const [row] = await ctx.db
    .update(profiles)
    .set({ notificationPreferences: next, updatedAt: ctx.clock.now() })
    .where(eq(profiles.id, opts.userId))
    .returning({ isCreator: profiles.isCreator });
  await updatedAtMoved(ctx, row);
  return readPreferences(next);
}

/**
 * Turns one kind of email off for the user an unsubscribe link names (issue #13); false when that
 * user no longer exists.
 */
export async function unsubscribeFromKind(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events' | 'log'>,
  opts: { userId: string; kind: TEmailKind },
): Promise<boolean> {
  const [row] = await ctx.db
    .select({ preferences: profiles.notificationPreferences })
    .from(profiles)
    .where(eq(profiles.id, opts.userId));
  if (!row) return false;
  const preferences = {
    ...row.preferences,
    emailKinds: { ...row.preferences.emailKinds, [opts.kind]: false },
  };
  const [updated] = await ctx.db
    .update(profiles)
    .set({ notificationPreferences: preferences, updatedAt: ctx.clock.now() })
    .where(eq(profiles.id, opts.userId))
    .returning({ isCreator: profiles.isCreator });
  await updatedAtMoved(ctx, updated);
  return true;
}

/** A creator's updated_at orders "Recently Active" (spec §7 browse): their card moved. */
async function updatedAtMoved(ctx: Pick<AppContext, 'events' | 'log'>, row: { isCreator: boolean } | undefined) {
  if (row?.isCreator) await announceCardChange(ctx);
}
