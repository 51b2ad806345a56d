import { and, eq } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
// Not through '../admin': the admin routes import this module, and its front door would close a cycle.
import { recordAudit } from '../audit';

/**
 * An admin marks a contact message handled (issue #12 support inbox). Only an open row changes, so a
 * second click (or a second admin) answers `already` and writes no second audit row; the change and
 * its audit row share one transaction.
 */
export async function markContactMessageHandled(
  app: Pick<AppContext, 'db' | 'clock'>,
  input: { adminId: string; contactMessageId: string },
): Promise<{ status: 'handled'; already: boolean }> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ status: 'handled', handledBy: input.adminId, handledAt: now })
      .where(and(eq(contactMessages.id, input.contactMessageId), eq(contactMessages.status, 'open')))
      .returning({ id: contactMessages.id });
    if (!updated) {
      const [exists] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, input.contactMessageId));
      if (!exists) throw notFound('Support message not found');
      return { status: 'handled' as const, already: true };
    }
    await recordAudit(tx, {
      adminId: input.adminId,
      action: 'support.handled',
      targetType: 'contact_message',
      targetId: input.contactMessageId,
      before: { status: 'open' },
      after: { status: 'handled' },
      now,
    });
    return { status: 'handled' as const, already: false };
  });
}
