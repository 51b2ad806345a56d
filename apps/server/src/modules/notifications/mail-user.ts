import type { TEmailKind } from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import { notificationPreferences, profiles } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { type MailContent, renderMail } from '../../platform/mail';
import type { Mail } from '../../platform/mailer';
import { resolveAppSecret } from '../../platform/secrets';
import { readSettings } from '../settings';
import { storedPreferencesColumn, wantsEmail } from './email-preferences';
import { signUnsubscribeToken } from './unsubscribe-token';

const secrets = new WeakMap<object, string>();

/** The app secret, read once per app (it may live in a file under DATA_DIR). */
export function unsubscribeSecret(ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>): string {
  let secret = secrets.get(ctx);
  if (!secret) {
    secret = resolveAppSecret(ctx.config);
    secrets.set(ctx, secret);
  }
  return secret;
}

/** The one-click link for one user and kind of mail (PUBLIC_URL, works without signing in). */
export function unsubscribeUrl(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  userId: string,
  kind: TEmailKind,
): string {
  const token = signUnsubscribeToken(unsubscribeSecret(ctx), userId, kind);
  return `${ctx.config.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

export interface MailRecipient {
  id: string;
  email: string;
  displayName: string | null;
  username: string;
}

/**
 * The one place that decides whether a product email of a kind goes to a user and sends it (issue
 * #13): the platform setting "email_notifications", then the user's master email switch and the
 * switch of that kind. `build` runs only when the mail will be sent and returns the mail's content
 * (a template of platform/mail, from plain data); it is rendered here, branded, as HTML and text
 * (issue 26), greeting the reader by name and with an unsubscribe link for its kind in both parts and
 * as RFC 8058 List-Unsubscribe headers. Never throws: whatever caused the mail stands; a failure is
 * only logged. Returns whether a mail was handed to the mailer.
 */
export async function mailUser(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailer' | 'log'>,
  userId: string,
  kind: TEmailKind,
  build: (to: MailRecipient) => Promise<MailContent> | MailContent,
): Promise<boolean> {
  try {
    const { email_notifications: enabled } = await readSettings(ctx.db, ['email_notifications']);
    if (!enabled) return false;
    const [user] = await ctx.db
      .select({
        id: profiles.id,
        email: profiles.email,
        preferences: storedPreferencesColumn,
        displayName: profiles.displayName,
        username: profiles.username,
      })
      .from(profiles)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, profiles.id))
      .where(eq(profiles.id, userId));
    if (!user?.email || !wantsEmail(user.preferences, kind)) return false;
    const content = await build({ ...user, email: user.email });
    const link = unsubscribeUrl(ctx, userId, kind);
    const rendered = await renderMail(content, {
      publicUrl: ctx.config.publicUrl,
      recipientName: user.displayName ?? `@${user.username}`,
      unsubscribeUrl: link,
    });
    const mail: Mail = {
      kind,
      to: user.email,
      ...rendered,
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    await ctx.mailer.send(mail);
    return true;
  } catch (error) {
    ctx.log.error({ err: error, userId, mailKind: kind }, 'could not send a notification mail');
    return false;
  }
}
