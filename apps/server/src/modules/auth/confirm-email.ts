import { AUTH_MESSAGES } from '@fanline/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { consumeToken } from './email-tokens';

/** Confirms the address behind a mailed confirmation token; returns whose it was (the route signs them in). */
export async function confirmEmail(ctx: Pick<AppContext, 'db' | 'clock'>, opts: { token: string }): Promise<string> {
  const id = await consumeToken({ db: ctx.db, clock: ctx.clock, token: opts.token, purpose: 'email_confirmation' });
  if (!id) throw new AppError('LINK_EXPIRED', AUTH_MESSAGES.confirmationLinkInvalid);
  await ctx.db
    .update(users)
    .set({ emailVerifiedAt: ctx.clock.now() })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
  return id;
}
