import { eq, or, sql } from 'drizzle-orm';
import { notifications, pushSubscriptions } from '../../db/schema';
import type { Db } from '../../platform/db';
import { mentionsAny, withNamesReplaced } from '../../platform/erase-text';

/**
 * Erasure (decision 0058): the person's own bell and push subscriptions go; other people's bells that
 * name them ("Ana declined your message") name a pseudonym instead.
 */
export async function eraseNotifications(
  tx: Db,
  opts: { userId: string; names: Array<string | null | undefined>; replacement: string },
): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, opts.userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, opts.userId));
  await tx
    .update(notifications)
    .set({
      title: withNamesReplaced(notifications.title, opts.names, opts.replacement),
      // The body stays within its 100-character check: a longer pseudonym is cut.
      body: sql`left(${withNamesReplaced(notifications.body, opts.names, opts.replacement)}, 100)`,
    })
    .where(or(mentionsAny(notifications.title, opts.names), mentionsAny(notifications.body, opts.names)));
}
