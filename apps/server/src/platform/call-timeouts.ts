/**
 * How long one outbound call may take (decision 0039): the mail server, the payment provider, the
 * bucket and a provider's picture (decision 0048). Each bound, retries included, stays below the
 * outbox's lease (LEASE_MS, 60 s), so a slow call gives up before another instance may take its row
 * over; the claim's fencing token covers a handler that makes several calls. A test (modules/outbox/call-timeouts.test.ts) holds them there.
 */
export const CALL_TIMEOUTS = {
  /**
   * nodemailer's defaults are 2 min to connect, 30 s for the greeting and 10 min of socket silence.
   * `sendMs` bounds one mail as a whole (an AbortSignal on the send): a wait for a pooled connection,
   * and a relay that trickles its replies, which no socket timeout notices, included.
   */
  smtp: { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, sendMs: 40_000 },
  /** The Stripe SDK: per request, and how many times it retries (each call carries our idempotency key). */
  provider: { timeoutMs: 15_000, maxNetworkRetries: 2 },
  /** The S3 client: to connect, per request, and its attempts in all. */
  storage: { connectionTimeout: 5_000, requestTimeout: 10_000, maxAttempts: 3 },
  /** A provider's profile picture copied as an avatar (decision 0048): one fetch, redirects and body included. */
  picture: { timeoutMs: 5_000 },
} as const;

/** The shape of the SMTP timeouts: createSmtpMailer takes others where a test gives a relay up sooner. */
export type SmtpTimeouts = Record<keyof typeof CALL_TIMEOUTS.smtp, number>;

/** The longest each kind of call can run, retries included (back-off between retries at most 2 s each). */
export function longestCallMs(): Record<keyof typeof CALL_TIMEOUTS, number> {
  const { smtp, provider, storage, picture } = CALL_TIMEOUTS;
  const backOff = 2_000;
  return {
    smtp: smtp.sendMs,
    provider: (provider.maxNetworkRetries + 1) * provider.timeoutMs + provider.maxNetworkRetries * backOff,
    storage:
      storage.maxAttempts * (storage.connectionTimeout + storage.requestTimeout) + (storage.maxAttempts - 1) * backOff,
    picture: picture.timeoutMs,
  };
}
