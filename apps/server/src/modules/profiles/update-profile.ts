import { AUTH_MESSAGES, priceProblem, type ZUpdateProfileRequest } from '@fanline/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { readSettings } from '../settings';
import { assertDisplayNameAllowed } from './display-name';
import { forgetStoredImages } from './image-file';
import { holdFreedUsername } from './username-availability';
import { assertUsernameAllowed } from './username-rules';

/**
 * Edit Profile and creator settings: display name, username, bio, time zone; for creators also
 * price, availability, categories and the portfolio's order. Every field is checked here, whatever
 * the browser checked: the price against the live min/max settings (spec §5, ARCHITECTURE §2).
 */
export async function updateProfile(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'storage' | 'outbox' | 'events'>,
  opts: { userId: string; changes: z.output<typeof ZUpdateProfileRequest> },
): Promise<void> {
  const { userId, changes } = opts;
  const now = ctx.clock.now();
  if (changes.username !== undefined) {
    await assertUsernameAllowed(ctx.db, { username: changes.username, profileId: userId, now });
  }
  const set: Partial<typeof profiles.$inferInsert> = { updatedAt: now };
  let removedImages: string[] = [];
  const creatorOnly = (['messagePrice', 'isAvailable', 'disciplines', 'portfolioImages'] as const).filter(
    (key) => changes[key] !== undefined,
  );
  if (creatorOnly.length > 0) {
    const [me] = await ctx.db
      .select({ isCreator: profiles.isCreator, portfolioImages: profiles.portfolioImages })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (!me?.isCreator) {
      const fields = Object.fromEntries(creatorOnly.map((key) => [key, 'Only creators have this setting.']));
      throw new AppError('FORBIDDEN', 'Only creators can change pricing, availability and portfolio.', fields);
    }
    if (changes.messagePrice !== undefined) {
      const bounds = await readSettings(ctx.db, ['min_message_price', 'max_message_price']);
      const problem = priceProblem(changes.messagePrice, {
        minDollars: bounds.min_message_price,
        maxDollars: bounds.max_message_price,
      });
      if (problem) throw new AppError('VALIDATION_FAILED', problem, { messagePrice: problem });
      set.messagePrice = changes.messagePrice;
      // Issue 36: the setup checklist's "Set your price" is done once the creator has saved one.
      set.priceSetAt = now;
    }
    if (changes.isAvailable !== undefined) set.isAvailable = changes.isAvailable;
    if (changes.disciplines !== undefined) set.disciplines = changes.disciplines;
    if (changes.portfolioImages !== undefined) {
      // Reorder and delete only: every image must already be one of this creator's uploads.
      const known = new Set(me.portfolioImages);
      const next = changes.portfolioImages;
      if (new Set(next).size !== next.length || next.some((url) => !known.has(url))) {
        const message = 'The portfolio can only be reordered or trimmed here; upload new images instead.';
        throw new AppError('VALIDATION_FAILED', message, { portfolioImages: message });
      }
      set.portfolioImages = next;
      removedImages = me.portfolioImages.filter((url) => !next.includes(url));
    }
  }
  if (changes.timeZone !== undefined) {
    if (!(await isKnownTimeZone(ctx.db, changes.timeZone))) {
      throw new AppError('VALIDATION_FAILED', 'Unknown time zone.', { timeZone: 'Unknown time zone.' });
    }
    set.timeZone = changes.timeZone;
  }
  if (changes.displayName !== undefined) {
    await assertDisplayNameAllowed(ctx.db, { name: changes.displayName, profileId: userId });
    set.displayName = changes.displayName;
  }
  if (changes.username !== undefined) set.username = changes.username;
  if (changes.bio !== undefined) set.bio = changes.bio?.trim() ? changes.bio : null;
  let forgotten: string[] = [];
  try {
    forgotten = await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .for('update');
      await tx.update(profiles).set(set).where(eq(profiles.id, userId));
      // The name left behind stays this creator's for the hold period (security review L5).
      if (before && set.username && before.username.toLowerCase() !== set.username.toLowerCase()) {
        await holdFreedUsername(tx, { profileId: userId, oldName: before.username, now });
      }
      return forgetStoredImages(tx, removedImages, now);
    });
  } catch (error) {
    const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
    if (constraint === 'profiles_username_lower_key') {
      throw new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTakenServer, {
        username: AUTH_MESSAGES.usernameTakenHint,
      });
    }
    throw error;
  }
  // Every field here is on a card, or a testimonial's name, or moves the card in "Recently Active".
  await announceCardChange(ctx);
  await ctx.outbox.carryOut(forgotten);
}

/** The database does the day arithmetic, so the zone must be one PostgreSQL knows. */
async function isKnownTimeZone(db: Db, zone: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 as ok from pg_timezone_names where name = ${zone}`);
  return ((result as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}
