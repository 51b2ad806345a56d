import { clientKey } from '../../platform/client-key';
import type { AppContext } from '../../platform/context';
import {
  AUTH_WINDOW_MS,
  countAttempt,
  countAttemptInWindow,
  EMAIL_CEILING_FACTOR,
  secondsUntilWindowEnds,
} from '../../platform/rate-limit';
import { tooMany } from './sign-in';

/**
 * Sign-up, forgot-password and resend-confirmation share one budget: per address, per (email,
 * address), and per email from everywhere with a much higher ceiling, so strangers cannot use up
 * the owner's own reset requests (security review M6).
 */
export async function limitSignUp(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  opts: { ip: string; email: string },
): Promise<void> {
  const { db, clock } = ctx;
  // An IPv6 client counts as its /64 (security review F1).
  const ip = clientKey(opts.ip);
  const { perIp, perEmail } = ctx.config.authLimits;
  const normalized = opts.email.trim().toLowerCase();
  const counted = [
    { state: await countAttemptInWindow({ db, clock, key: `sign-up:ip:${ip}` }), limit: perIp },
    { state: await countAttemptInWindow({ db, clock, key: `sign-up:email-ip:${normalized}|${ip}` }), limit: perEmail },
    {
      state: await countAttemptInWindow({ db, clock, key: `sign-up:email:${normalized}` }),
      limit: perEmail * EMAIL_CEILING_FACTOR,
    },
  ];
  const over = counted.filter(({ state, limit }) => state.count > limit);
  if (over.length === 0) return;
  const now = clock.now().getTime();
  throw tooMany(Math.max(...over.map(({ state }) => secondsUntilWindowEnds(state.windowStart, now))));
}

/** How many auth mails (reset links, confirmation links, sign-up notices) one address may get per window. */
export const AUTH_MAILS_PER_EMAIL = 5;

/**
 * Counts one auth mail to `email` from any sender and says whether it may go (security review N3):
 * over the limit the caller answers as usual but sends nothing, so the limit neither floods the
 * inbox nor tells whether the account exists. `kind` keeps separate budgets per kind of mail.
 */
export async function mayMail(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  opts: { email: string; kind: 'link' | 'sign-up-notice'; perWindow?: number; windowMs?: number },
): Promise<boolean> {
  const normalized = opts.email.trim().toLowerCase();
  const count = await countAttempt({
    db: ctx.db,
    clock: ctx.clock,
    key: `auth-mail:${opts.kind}:${normalized}`,
    windowMs: opts.windowMs ?? AUTH_WINDOW_MS,
  });
  return count <= (opts.perWindow ?? AUTH_MAILS_PER_EMAIL);
}
