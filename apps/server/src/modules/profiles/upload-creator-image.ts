import { LIMITS } from '@fanline/contracts';
import { eq, sql } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { forgetStoredImages, storeImage } from './image-file';

/** The cover image of a creator's profile (spec §2 Creator settings, Profile tab). */
export async function uploadCover(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'storage' | 'outbox' | 'events'>,
  opts: { userId: string; bytes: Buffer },
): Promise<string> {
  const { userId, bytes } = opts;
  await mustBeCreator(ctx, userId);
  const coverUrl = await storeImage(ctx, {
    bytes,
    folder: 'covers',
    owner: userId,
    width: 1600,
    height: 600,
    fit: 'cover',
  });
  const now = ctx.clock.now();
  const forgotten = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ coverUrl: profiles.coverUrl })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    await tx.update(profiles).set({ coverUrl, updatedAt: now }).where(eq(profiles.id, userId));
    return before?.coverUrl !== coverUrl ? forgetStoredImages(tx, [before?.coverUrl], now) : [];
  });
  // The cover is not on a card, but updated_at orders "Recently Active".
  await announceCardChange(ctx);
  await ctx.outbox.carryOut(forgotten);
  return coverUrl;
}

/** Adds one portfolio image (spec §5: at most 6). The append is one guarded UPDATE, so two at once cannot make 7. */
export async function addPortfolioImage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'storage' | 'outbox' | 'events'>,
  opts: { userId: string; bytes: Buffer },
): Promise<string[]> {
  const { userId, bytes } = opts;
  await mustBeCreator(ctx, userId);
  const full = `The portfolio holds at most ${LIMITS.portfolioImages.max} images. Remove one first.`;
  const [current] = await ctx.db
    .select({ images: profiles.portfolioImages })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if ((current?.images.length ?? 0) >= LIMITS.portfolioImages.max) throw new AppError('CONFLICT', full);
  const url = await storeImage(ctx, {
    bytes,
    folder: 'portfolio',
    owner: userId,
    width: 1200,
    height: 1200,
    fit: 'inside',
  });
  const [row] = await ctx.db
    .update(profiles)
    .set({ portfolioImages: sql`array_append(${profiles.portfolioImages}, ${url})`, updatedAt: ctx.clock.now() })
    .where(sql`${profiles.id} = ${userId} and cardinality(${profiles.portfolioImages}) < ${LIMITS.portfolioImages.max}`)
    .returning({ images: profiles.portfolioImages });
  if (!row) {
    await ctx.outbox.carryOut(await forgetStoredImages(ctx.db, [url], ctx.clock.now()));
    throw new AppError('CONFLICT', full);
  }
  await announceCardChange(ctx);
  return row.images;
}

async function mustBeCreator(ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'storage'>, userId: string) {
  const [me] = await ctx.db.select({ isCreator: profiles.isCreator }).from(profiles).where(eq(profiles.id, userId));
  if (!me?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have a cover image and portfolio.');
}
