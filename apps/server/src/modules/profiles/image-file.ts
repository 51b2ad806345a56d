import { randomBytes } from 'node:crypto';
import { UPLOAD_MESSAGES } from '@fanline/contracts';
import sharp from 'sharp';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { checkImageHeader, isPixelLimitError, MAX_IMAGE_PIXELS, tooManyPixels } from '../../platform/image-header';
import { PUBLIC_PREFIX, publicKeyOfUrl } from '../../platform/storage';
import { enqueueEffects, storageDeleteEffect } from '../outbox';

/**
 * Security review F2: avatar, cover and portfolio uploads share this budget per user and minute
 * (each costs a decode and a re-encode), wherever the user connects from.
 */
export const PROFILE_UPLOADS_PER_MINUTE = 20;

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
  // Security review F2: the header is checked (type, pixels) before anything is decoded.
  const { format } = await checkImageHeader(opts.bytes, ACCEPTED_FORMATS);
  let image: Buffer;
  try {
    image = await sharp(opts.bytes, { animated: format === 'gif', limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(opts.width, opts.height, { fit: opts.fit, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    // A header that parses over data that does not (a truncated file): the client's mistake, not ours.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  }
  const fileName = `${opts.owner}-${randomBytes(6).toString('hex')}.webp`;
  await ctx.storage.put(`${PUBLIC_PREFIX}${opts.folder}/${fileName}`, image, 'image/webp');
  return `/uploads/${opts.folder}/${fileName}`;
}

/**
 * Files we stored that the profile no longer points at are deleted (decision 0039): one storage-delete
 * outbox row each, written in `tx` (the change that let go of them), carried out after its commit with
 * retries. Returns the rows' keys for `ctx.outbox.carryOut`.
 */
export async function forgetStoredImages(tx: Db, urls: Array<string | null | undefined>, now: Date): Promise<string[]> {
  const keys = urls.map((url) => publicKeyOfUrl(url)).filter((key): key is string => Boolean(key));
  return enqueueEffects(tx, keys.map(storageDeleteEffect), now);
}
