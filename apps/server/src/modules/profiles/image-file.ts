import { randomBytes } from 'node:crypto';
import { UPLOAD_MESSAGES } from '@fanline/contracts';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { PUBLIC_PREFIX, publicKeyOfUrl } from '../../platform/storage';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif']);

/**
 * Stores an uploaded picture under /uploads/{folder}/: the bytes must really be a JPG, PNG or GIF
 * (the name and declared type are not trusted), and are re-encoded, which drops EXIF and any other
 * metadata. Returns the public URL.
 */
export async function storeImage(
  ctx: Pick<AppContext, 'log' | 'storage'>,
  opts: { bytes: Buffer; folder: string; owner: string; width: number; height: number; fit: 'cover' | 'inside' },
): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(opts.bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  }
  let image: Buffer;
  try {
    image = await sharp(opts.bytes, { animated: format === 'gif' })
      .rotate()
      .resize(opts.width, opts.height, { fit: opts.fit, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // A header that parses over data that does not (a truncated file): the client's mistake, not ours.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  }
  const fileName = `${opts.owner}-${randomBytes(6).toString('hex')}.webp`;
  await ctx.storage.put(`${PUBLIC_PREFIX}${opts.folder}/${fileName}`, image, 'image/webp');
  return `/uploads/${opts.folder}/${fileName}`;
}

/** Removes files we stored that the profile no longer points at; a failure is only logged. */
export async function removeStoredImages(
  ctx: Pick<AppContext, 'log' | 'storage'>,
  urls: Array<string | null | undefined>,
) {
  for (const url of urls) {
    const key = publicKeyOfUrl(url);
    if (!key) continue;
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn({ err: error, url }, 'could not remove a replaced image');
    });
  }
}
