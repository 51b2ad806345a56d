import { UPLOAD_MESSAGES } from '@fanline/contracts';
import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { checkAvatarFile, uploadErrorMessage } from './avatar-file';

describe('avatar file checks (spec §5 Image upload)', () => {
  test('JPG, PNG and GIF up to 5 MB pass', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif']) {
      expect(checkAvatarFile({ type, size: 5 * 1024 * 1024 })).toBeNull();
    }
  });
  test('other types and bigger files are refused with the spec titles', () => {
    expect(checkAvatarFile({ type: 'text/plain', size: 10 })?.title).toBe(UPLOAD_MESSAGES.invalidType);
    expect(checkAvatarFile({ type: 'image/webp', size: 10 })?.title).toBe(UPLOAD_MESSAGES.invalidType);
    expect(checkAvatarFile({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })?.title).toBe(UPLOAD_MESSAGES.tooLarge);
  });
  test('server errors map to the spec messages (spec §8 Upload)', () => {
    expect(uploadErrorMessage(new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe(UPLOAD_MESSAGES.notAuthenticated);
    expect(uploadErrorMessage(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'x'))).toBe(UPLOAD_MESSAGES.tooLarge);
    // The server's pixel limit (security review F2) keeps its own words.
    expect(uploadErrorMessage(new ApiError(413, 'PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooManyPixels))).toBe(
      UPLOAD_MESSAGES.tooManyPixels,
    );
    expect(uploadErrorMessage(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'x'))).toBe(UPLOAD_MESSAGES.invalidType);
    expect(uploadErrorMessage(new ApiError(400, 'BAD_REQUEST', 'No file was sent.'))).toBe('No file was sent.');
  });
});
