import { randomBytes } from 'node:crypto';
import { UPLOAD_MESSAGES } from '@fanline/contracts';
import { and, count, eq, isNull } from 'drizzle-orm';
import sharp, { type OutputInfo } from 'sharp';
import { messageAttachments } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { checkImageHeader, isPixelLimitError, MAX_IMAGE_PIXELS, tooManyPixels } from '../../platform/image-header';
import { attachmentKey } from '../../platform/storage';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/** Longest side kept: enough to read a screenshot, small enough to serve. */
const MAX_SIDE = 2048;
/** Uploads not yet sent with anything, per user: a message takes 3, so this leaves room for retries. */
export const MAX_PENDING_UPLOADS = 12;

/**
 * Stores an image a user is about to send (issue #13): the bytes must really be a JPG, PNG, GIF or
 * WebP (the name and declared type are not trusted) and are re-encoded to WebP, which drops EXIF and
 * any other metadata. The multipart limit already refused anything over 5 MB. Stored outside the
 * public uploads folder and unattached until a checkout or reply claims it.
 */
export async function storeAttachment(
  ctx: Pick<AppContext, 'db' | 'clock' | 'storage'>,
  opts: { ownerId: string; bytes: Buffer },
) {
  const { ownerId, bytes } = opts;
  const [pending] = await ctx.db
    .select({ n: count() })
    .from(messageAttachments)
    .where(and(eq(messageAttachments.ownerId, ownerId), isNull(messageAttachments.messageId)));
  if ((pending?.n ?? 0) >= MAX_PENDING_UPLOADS) {
    throw new AppError('CONFLICT', 'Too many images waiting to be sent. Send or remove some first.');
  }
  // Security review F2: the header is checked (type, pixels) before anything is decoded.
  await checkImageHeader(bytes, ACCEPTED_FORMATS);
  let image: { data: Buffer; info: OutputInfo };
  try {
    image = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (isPixelLimitError(error)) throw tooManyPixels();
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.invalidType);
  }
  const fileName = `${randomBytes(16).toString('hex')}.webp`;
  // Under private/: never served from /uploads, only through readAttachment's access check.
  await ctx.storage.put(attachmentKey(fileName), image.data, 'image/webp');
  const [row] = await ctx.db
    .insert(messageAttachments)
    .values({
      ownerId,
      fileName,
      bytes: image.data.length,
      width: image.info.width,
      height: image.info.height,
      createdAt: ctx.clock.now(),
    })
    .returning();
  if (!row) throw new Error('attachment insert returned nothing');
  return toAttachment(row);
}

export const attachmentUrl = (id: string) => `/api/attachments/${id}`;

export function toAttachment(row: typeof messageAttachments.$inferSelect) {
  return {
    id: row.id,
    url: attachmentUrl(row.id),
    part: row.part ?? ('message' as const),
    width: row.width,
    height: row.height,
  };
}
