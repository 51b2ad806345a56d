import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** spec §4 Threads OAuth: the popup's round trip must come back within 10 minutes. */
export const STATE_TTL_MS = 10 * 60 * 1000;

const ZStatePayload = z.object({
  userId: z.string(),
  /** The handle the user typed; the provider's handle must match it (spec §5 Threads). */
  username: z.string(),
  nonce: z.string(),
  /** Expiry in epoch milliseconds. */
  exp: z.number(),
});
export type StatePayload = z.infer<typeof ZStatePayload>;

// A prefix keeps these signatures apart from anything else signed with the same app secret.
const PURPOSE = 'threads-oauth-state.';

function sign(secret: string, body: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + body)
    .digest();
}

/**
 * The OAuth `state`: base64url(JSON) + '.' + HMAC-SHA256. Signed rather than stored, so the
 * callback needs no table; the spec's bare base64 state could be forged by anyone.
 */
export function signState(options: { secret: string; userId: string; username: string; now: Date }): string {
  const payload: StatePayload = {
    userId: options.userId,
    username: options.username,
    nonce: randomBytes(12).toString('base64url'),
    exp: options.now.getTime() + STATE_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(options.secret, body).toString('base64url')}`;
}

/** The payload of a state we signed that has not expired, or null (tampered, malformed or stale). */
export function verifyState(options: { secret: string; state: string; now: Date }): StatePayload | null {
  const parts = options.state.split('.');
  if (parts.length !== 2) return null;
  const [body = '', signature = ''] = parts;
  const expected = sign(options.secret, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const payload = ZStatePayload.safeParse(json);
  if (!payload.success || payload.data.exp <= options.now.getTime()) return null;
  return payload.data;
}
