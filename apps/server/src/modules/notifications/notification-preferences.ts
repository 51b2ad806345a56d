import type { TEmailKind, TNotificationPreferences, ZNotificationPreferencesUpdate } from '@fanline/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { notificationPreferences, profiles, type TStoredNotificationPreferences } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { readPreferences, storedPreferencesColumn } from './email-preferences';

/** The stored switches; undefined when the profile does not exist. */
async function storedPreferences(db: Db, userId: string): Promise<TStoredNotificationPreferences | undefined> {
  const [row] = await db
    .select({ preferences: storedPreferencesColumn })
    .from(profiles)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, profiles.id))
    .where(eq(profiles.id, userId));
  return row?.preferences;
}

async function savePreferences(db: Db, userId: string, preferences: TStoredNotificationPreferences, now: Date) {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { preferences, updatedAt: now } });
}

/** The caller's notification preferences with every default filled in (Edit Profile, spec §2). */
export async function getNotificationPreferences(
  ctx: Pick<AppContext, 'db'>,
  opts: { userId: string },
): Promise<TNotificationPreferences> {
  const stored = await storedPreferences(ctx.db, opts.userId);
  if (!stored) throw new AppError('NOT_FOUND', 'Profile not found');
  return readPreferences(stored);
}

/** Saves the caller's preferences; kinds the body leaves out keep their stored value (an older client sends none). */
export async function updateNotificationPreferences(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { userId: string; update: z.output<typeof ZNotificationPreferencesUpdate> },
): Promise<TNotificationPreferences> {
  const stored = await storedPreferences(ctx.db, opts.userId);
  if (!stored) throw new AppError('NOT_FOUND', 'Profile not found');
  const { emailKinds, reminders, ...switches } = opts.update;
  const next = {
    ...switches,
    emailKinds: { ...stored.emailKinds, ...emailKinds },
    reminders: reminders ?? stored.reminders,
  };
  await savePreferences(ctx.db, opts.userId, next, ctx.clock.now());
  return readPreferences(next);
}

/**
 * Turns one kind of email off for the user an unsubscribe link names (issue #13); false when that
 * user no longer exists.
 */
export async function unsubscribeFromKind(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { userId: string; kind: TEmailKind },
): Promise<boolean> {
  const stored = await storedPreferences(ctx.db, opts.userId);
  if (!stored) return false;
  const preferences = { ...stored, emailKinds: { ...stored.emailKinds, [opts.kind]: false } };
  await savePreferences(ctx.db, opts.userId, preferences, ctx.clock.now());
  return true;
}

/** An erased account (decision 0058) gets no mail and no push, in the caller's transaction. */
export async function switchOffNotifications(tx: Db, opts: { userId: string; now: Date }): Promise<void> {
  await savePreferences(tx, opts.userId, { email: false, push: false }, opts.now);
}

/** Whether each of these users wants deadline reminders (issue #13); a user without a row does (the default). */
export async function remindersWanted(tx: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ userId: notificationPreferences.userId, preferences: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  const off = new Set(rows.filter((row) => row.preferences.reminders === false).map((row) => row.userId));
  return new Set(userIds.filter((id) => !off.has(id)));
}
