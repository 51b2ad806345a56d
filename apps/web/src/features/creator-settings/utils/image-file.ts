import { LIMITS, UPLOAD_MESSAGES } from '@fanline/contracts';
import { ApiError } from '../../../lib/api-client';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** spec §5 Image upload, checked before sending (the server checks the content again). */
export function imageProblem(file: File): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return UPLOAD_MESSAGES.invalidTypeHint;
  if (file.size > LIMITS.imageBytes.max) return UPLOAD_MESSAGES.tooLargeHint;
  return null;
}

export function uploadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return UPLOAD_MESSAGES.notAuthenticated;
  // The server's pixel limit (a small file that unpacks too big) says so in its own words.
  if (error instanceof ApiError && error.message === UPLOAD_MESSAGES.tooManyPixels) return error.message;
  if (error instanceof ApiError && error.status === 413) return UPLOAD_MESSAGES.tooLarge;
  if (error instanceof ApiError && error.status === 415) return UPLOAD_MESSAGES.invalidType;
  return error instanceof Error ? error.message : UPLOAD_MESSAGES.failed;
}
