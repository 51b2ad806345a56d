import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';
import { resolveAppSecret } from '../../platform/secrets';

/**
 * OWASP's device cookie ("Slow down online guessing attacks with device cookies", security review
 * N1): a browser that signed in to an account keeps a cookie `<nonce>.<HMAC of account and nonce>`,
 * and its failed sign-ins to that account count against that device's own budget, apart from the
 * failures of unknown devices. Strangers can then throttle only unknown devices, never the owner's
 * browser. The cookie names no account: it is checked against the account being signed in to.
 */
export const DEVICE_COOKIE = 'fanline_device';
/** Long-lived on purpose: a device stays known across sessions (one year). */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
// Only the sign-in route reads it, so the browser sends it nowhere else.
const DEVICE_COOKIE_PATH = '/api/auth';

const secrets = new WeakMap<Config, string>();

function secretOf(config: Config): string {
  let secret = secrets.get(config);
  if (!secret) {
    secret = resolveAppSecret(config);
    secrets.set(config, secret);
  }
  return secret;
}

function mac(secret: string, userId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device\n${userId}\n${nonce}`).digest('base64url');
}

/** The device's nonce when the request presents a genuine device cookie for `userId`; else null. */
export function knownDevice(app: FastifyInstance, request: FastifyRequest, userId: string | undefined): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value || !userId) return null;
  const [nonce, signature, ...rest] = value.split('.');
  if (!nonce || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
  const expected = Buffer.from(mac(secretOf(app.config), userId, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return nonce;
}

/** After a successful sign-in: (re)issues the device cookie for this account. */
export function setDeviceCookie(app: FastifyInstance, reply: FastifyReply, userId: string): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${nonce}.${mac(secretOf(app.config), userId, nonce)}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.publicUrl.startsWith('https://'),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
