import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { accountDeletions, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { accountClosingMail, renderMail } from '../../platform/mail';
import { defineEffect } from '../outbox';
import { issueCancelToken } from './account-deletions';
import { newToken } from './tokens';

/**
 * The "your account is closing" mail with its cancel link (issue 41), an outbox effect written with the
 * request (decision 0039). As the account mails do, the row names the request, not an address or a
 * token: the handler issues the link's token when it sends (a retry mails a fresh link and voids the
 * earlier one), and sends nothing once the request is no longer pending.
 */
export const accountClosingMailDefinition = defineEffect(
  'account-closing-mail',
  z.object({ deletionId: z.string().min(1) }),
);

export function accountClosingMailEffect(deletionId: string) {
  return accountClosingMailDefinition.make(`account-closing-mail:${deletionId}`, { deletionId });
}

export async function sendAccountClosingMail(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer'>,
  payload: { deletionId: string },
): Promise<void> {
  const [row] = await ctx.db
    .select({
      email: users.email,
      scheduledFor: accountDeletions.scheduledFor,
      refundedMessages: accountDeletions.refundedMessages,
      earningsHeldCents: accountDeletions.earningsHeldCents,
    })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .where(and(eq(accountDeletions.id, payload.deletionId), eq(accountDeletions.status, 'pending')));
  if (!row) return;
  const { token, hash } = newToken();
  if (!(await issueCancelToken(ctx.db, { id: payload.deletionId, hash, now: ctx.clock.now() }))) return;
  const { publicUrl } = ctx.config;
  const content = accountClosingMail({
    scheduledFor: row.scheduledFor.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
    cancelLink: `${publicUrl}/login#cancel-deletion=${encodeURIComponent(token)}`,
    refundedMessages: row.refundedMessages,
    earningsHeldCents: row.earningsHeldCents,
  });
  await ctx.mailer.send({ kind: 'account-closing', to: row.email, ...(await renderMail(content, { publicUrl })) });
}
