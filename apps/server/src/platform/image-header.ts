import { UPLOAD_MESSAGES } from '@fanline/contracts';
import sharp, { type Metadata } from 'sharp';
import { AppError } from './errors';

/**
 * The most pixels (all frames together) an uploaded image may unpack to (security review F2): a
 * 24-megapixel photo (6000 × 4000) passes; a few hundred kilobytes of PNG claiming 25 megapixels or
 * more are refused from their header, before any decoding. sharp's own default is ~268 MP.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;

/**
 * Reads an upload's header only (format, size, frames) and refuses what is not one of `accepted`
 * (415) or would unpack to more than MAX_IMAGE_PIXELS (413). Decode with `decodeOptions` afterwards,
 * so the decoder itself holds the same limit.
 */
export async function checkImageHeader(bytes: Buffer, accepted: ReadonlySet<string>): Promise<{ format: string }> {
  let meta: Metadata | undefined;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    meta = undefined;
  }
  const format = meta?.format;
  if (!meta || !format || !accepted.has(format))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  const frames = Math.max(1, meta.pages ?? 1);
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if ((meta.width ?? 0) * frameHeight * frames > MAX_IMAGE_PIXELS) throw tooManyPixels();
  return { format };
}

/** A decode that still hits the limit (a header that lied): the same 413. */
export function isPixelLimitError(error: unknown): boolean {
  return /pixel limit/i.test(String(error));
}

export function tooManyPixels(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels);
}
