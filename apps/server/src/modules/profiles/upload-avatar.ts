import { randomBytes } from 'node:crypto';
import { UPLOAD_MESSAGES } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { PUBLIC_PREFIX, publicKeyOfUrl } from '../../platform/storage';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);
const AVATAR_SIZE = 512;

/**
 * Stores a new avatar: the bytes must really be a JPG, PNG or GIF (the name and declared type are
 * not trusted), and are re-encoded, which drops EXIF and any other metadata, at 512 px at most.
 * The previous file is removed once the profile points at the new one.
 */
export async function uploadAvatar(
  ctx: Pick<AppContext, 'db' | 'clock' | 'log' | 'storage'>,
  opts: { userId: string; bytes: Buffer },
): Promise<string> {
  const { userId, bytes } = opts;
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  }

  let image: Buffer;
  try {
    image = await sharp(bytes, { animated: format === 'gif' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    // A valid header over damaged or truncated data only fails when decoding (security review M5 f).
    if (/pixel limit/i.test(String(error))) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  }
  const fileName = `${userId}-${randomBytes(6).toString('hex')}.webp`;
  await ctx.storage.put(`${PUBLIC_PREFIX}avatars/${fileName}`, image, 'image/webp');
  const avatarUrl = `/uploads/avatars/${fileName}`;

  const [before] = await ctx.db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
  await ctx.db.update(profiles).set({ avatarUrl, updatedAt: ctx.clock.now() }).where(eq(profiles.id, userId));
  const old = before?.avatarUrl;
  const oldKey = old?.startsWith('/uploads/avatars/') ? publicKeyOfUrl(old) : null;
  if (oldKey) {
    await ctx.storage.delete(oldKey).catch((error: unknown) => {
      ctx.log.warn({ err: error, old }, 'could not remove the previous avatar');
    });
  }
  return avatarUrl;
}
