import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { forgetStoredImages, storeImage } from './image-file';

/** An avatar's box: stored at 512 px at most, cropped to a square. */
export const AVATAR_IMAGE = { folder: 'avatars', width: 512, height: 512, fit: 'cover' } as const;

/**
 * Stores a new avatar: the bytes must really be a JPG, PNG or GIF (the name and declared type are
 * not trusted), and are re-encoded, which drops EXIF and any other metadata, at 512 px at most.
 * The previous file is removed once the profile points at the new one.
 */
export async function uploadAvatar(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'storage' | 'outbox' | 'events'>,
  opts: { userId: string; bytes: Buffer },
): Promise<string> {
  const { userId, bytes } = opts;
  const avatarUrl = await storeImage(ctx, { bytes, owner: userId, ...AVATAR_IMAGE });

  // The previous file is deleted through the outbox (decision 0039), written with the change.
  const now = ctx.clock.now();
  const forgotten = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    await tx.update(profiles).set({ avatarUrl, updatedAt: now }).where(eq(profiles.id, userId));
    const old = before?.avatarUrl;
    return old?.startsWith('/uploads/avatars/') ? forgetStoredImages(tx, [old], now) : [];
  });
  await announceCardChange(ctx);
  await ctx.outbox.carryOut(forgotten);
  return avatarUrl;
}
