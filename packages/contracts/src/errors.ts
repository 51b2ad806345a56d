// Error codes the API returns in `{ error: { code, message } }`. The web client maps codes, never the
// server's sentences, to the spec's words; a case the web words on its own gets a code of its own.
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
  /** The card was refused (400): nothing was held or charged. */
  'CARD_DECLINED',
  /** A confirmation or password-reset link that is unknown, used or past its time (400). */
  'LINK_EXPIRED',
  /** The paid message ran out of time and its money went back: it can no longer be answered (409). */
  'MESSAGE_EXPIRED',
  /** The creator takes no paid messages now: unavailable, away, full or at the daily cap (409). */
  'CREATOR_UNAVAILABLE',
  /** The platform is in maintenance mode and refuses new checkouts (403). */
  'MAINTENANCE',
  /** The request named a host this server does not serve (421): not PUBLIC_URL's (decision 0044). */
  'MISDIRECTED_REQUEST',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TApiError {
  error: { code: TErrorCode; message: string; requestId?: string; fields?: Record<string, string> };
}

/** The one sentence for anything unexpected: a 5xx, a network failure, a page that crashed. */
export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';
