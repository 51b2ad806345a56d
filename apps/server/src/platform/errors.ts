import type { TErrorCode } from '@fanline/contracts';

const STATUS: Record<TErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  EMAIL_TAKEN: 409,
  USERNAME_TAKEN: 409,
  VERIFICATION_FAILED: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  CARD_DECLINED: 400,
  LINK_EXPIRED: 400,
  MESSAGE_EXPIRED: 409,
  CREATOR_UNAVAILABLE: 409,
  MAINTENANCE: 403,
  MISDIRECTED_REQUEST: 421,
  INTERNAL: 500,
};

/** The one error type use cases throw; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  override name = 'AppError';
  /** For a 429: seconds until the caller may try again, sent as Retry-After. */
  retryAfterSeconds?: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get statusCode(): number {
    return STATUS[this.code];
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

/** A 429 that says (Retry-After) how many seconds to wait. */
export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError('RATE_LIMITED', message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}
