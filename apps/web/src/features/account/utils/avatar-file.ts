import { LIMITS, UPLOAD_MESSAGES } from '@fanline/contracts';
import { ApiError } from '../../../lib/api-client';

/** spec §5 Image upload: JPG, PNG or GIF. The server checks the content again; this is instant feedback. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

export interface TUploadProblem {
  title: string;
  message: string;
}

/** The spec's refusal for a file picked in the browser, or null when it may be uploaded. */
export function checkAvatarFile(file: { type: string; size: number }): TUploadProblem | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return { title: UPLOAD_MESSAGES.invalidType, message: UPLOAD_MESSAGES.invalidTypeHint };
  }
  if (file.size > LIMITS.imageBytes.max)
    return { title: UPLOAD_MESSAGES.tooLarge, message: UPLOAD_MESSAGES.tooLargeHint };
  return null;
}

/** spec §8 Upload: 'Upload failed' with a mapped message, otherwise the server's own words. */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return UPLOAD_MESSAGES.failed;
  if (error.status === 401) return UPLOAD_MESSAGES.notAuthenticated;
  // The server's pixel limit (a small file that unpacks too big) says so in its own words.
  if (error.message === UPLOAD_MESSAGES.tooManyPixels) return error.message;
  if (error.status === 413 || error.code === 'PAYLOAD_TOO_LARGE') return UPLOAD_MESSAGES.tooLarge;
  if (error.status === 415 || error.code === 'UNSUPPORTED_MEDIA_TYPE') return UPLOAD_MESSAGES.invalidType;
  return error.message;
}
