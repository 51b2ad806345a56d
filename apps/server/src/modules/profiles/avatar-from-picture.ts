import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { profiles } from '../../db/schema';
import { announceCardChange } from '../../platform/card-change';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { fetchPicture, PictureFetchError, pictureForLog } from '../../platform/fetch-picture';
import { defineEffect } from '../outbox';
import { forgetStoredImages, storeImage } from './image-file';
import { AVATAR_IMAGE } from './upload-avatar';

/**
 * A verified account's picture becomes the creator's avatar (decision 0048): we copy it into our
 * own storage instead of showing the provider's URL, which expires within days and lets the
 * provider's CDN see our visitors. Written in the onboarding's transaction, carried out after it.
 */
export const avatarFromPictureDefinition = defineEffect(
  'avatar-from-picture',
  z.object({ profileId: z.string().min(1), pictureUrl: z.string().min(1) }),
);

/** What storeImage refuses about the bytes themselves (not a JPG, PNG or GIF; too many pixels). */
const NOT_AN_AVATAR = new Set(['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']);

/** One row per profile and picture: the same picture is copied once. */
export function avatarFromPictureEffect(profileId: string, pictureUrl: string) {
  const picture = createHash('sha256').update(pictureUrl).digest('hex').slice(0, 16);
  return avatarFromPictureDefinition.make(`avatar-from-picture:${profileId}:${picture}`, { profileId, pictureUrl });
}

/**
 * Fetches the picture (short timeout, 5 MB at most), re-encodes it as an uploaded avatar is, and sets
 * it only while the profile still has no avatar: the creator may have uploaded one meanwhile. A fetch
 * that may succeed later throws (the outbox retries, then the row dies); a picture that can never
 * become an avatar (not an image, too large, a refused scheme, a 4xx) ends the effect with a warning.
 */
export async function copyPictureAsAvatar(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'log' | 'storage' | 'outbox' | 'events'>,
  payload: { profileId: string; pictureUrl: string },
): Promise<void> {
  const { profileId, pictureUrl } = payload;
  const [current] = await ctx.db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!current || current.avatarUrl) return;

  // Logged without its query string: a CDN's picture URL is signed.
  const picture = pictureForLog(pictureUrl);
  let bytes: Buffer;
  try {
    bytes = await fetchPicture(pictureUrl, { allowHttp: ctx.config.threads.allowHttpPictures });
  } catch (error) {
    if (!(error instanceof PictureFetchError)) throw error;
    ctx.log.warn({ profileId, picture, reason: error.message }, 'a profile picture could not be copied as the avatar');
    if (error.permanent) return;
    throw error;
  }
  let avatarUrl: string;
  try {
    avatarUrl = await storeImage(ctx, { bytes, owner: profileId, ...AVATAR_IMAGE });
  } catch (error) {
    // Not an image we take (or too many pixels): no retry will change the bytes.
    if (!(error instanceof AppError && NOT_AN_AVATAR.has(error.code))) throw error;
    ctx.log.warn({ profileId, picture, reason: error.code }, 'a profile picture is not an image we take as an avatar');
    return;
  }
  const now = ctx.clock.now();
  const [taken] = await ctx.db
    .update(profiles)
    .set({ avatarUrl, updatedAt: now })
    .where(and(eq(profiles.id, profileId), isNull(profiles.avatarUrl)))
    .returning({ id: profiles.id });
  // An avatar came first (an upload while we fetched): ours is not kept.
  if (!taken) await ctx.outbox.carryOut(await forgetStoredImages(ctx.db, [avatarUrl], now));
  else await announceCardChange(ctx);
}
