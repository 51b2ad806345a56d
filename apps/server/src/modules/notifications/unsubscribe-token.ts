import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type TEmailKind } from '@fanline/contracts';

/**
 * The token in a mail's unsubscribe link: `<userId>.<kind>.<HMAC-SHA256 of both under the app secret>`.
 * It does not expire on purpose (an old mail's link must still work, RFC 8058) and can only ever turn
 * one kind of mail off for one user, so a leaked link costs little; rotating APP_SECRET voids them all.
 */
export function signUnsubscribeToken(secret: string, userId: string, kind: TEmailKind): string {
  return `${userId}.${kind}.${mac(secret, userId, kind)}`;
}

/** The user and kind of a genuine token; null for anything altered, forged or malformed. */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: string; kind: TEmailKind } | null {
  const [userId, kind, signature, ...rest] = token.split('.');
  if (!userId || !kind || !signature || rest.length > 0) return null;
  if (!(EMAIL_KINDS as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(mac(secret, userId, kind as TEmailKind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as TEmailKind };
}

function mac(secret: string, userId: string, kind: TEmailKind): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${kind}`).digest('base64url');
}
