// Error codes the API returns in `{ error: { code, message } }`. The web client maps codes to the spec's words.
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'EMAIL_TAKEN',
  'USERNAME_TAKEN',
  'VERIFICATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** The payment provider could not be reached or failed: nothing was charged or sent. */
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TApiError {
  error: { code: TErrorCode; message: string; requestId?: string; fields?: Record<string, string> };
}
