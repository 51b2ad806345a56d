import type { AppContext } from '../../platform/context';
import { countAttempt, EMAIL_CEILING_FACTOR } from '../../platform/rate-limit';
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
  const { ip } = opts;
  const { perIp, perEmail } = ctx.config.authLimits;
  const normalized = opts.email.trim().toLowerCase();
  const byIp = await countAttempt({ db, clock, key: `sign-up:ip:${ip}` });
  const byPair = await countAttempt({ db, clock, key: `sign-up:email-ip:${normalized}|${ip}` });
  const byEmail = await countAttempt({ db, clock, key: `sign-up:email:${normalized}` });
  if (byIp > perIp || byPair > perEmail || byEmail > perEmail * EMAIL_CEILING_FACTOR) throw tooMany();
}
