import { LIMITS } from '@fanline/contracts';
import { notifications } from '../../db/schema';
import type { Db } from '../../platform/db';

export type NotificationType =
  | 'new_message'
  | 'message_response'
  | 'message_refunded'
  | 'report_reviewed'
  | 'message_reminder'
  | 'message_declined'
  | 'reply_flagged';

/** spec §3 notification: the body is cut to 100 characters. Returns the new id for the realtime event. */
export async function createNotification(
  tx: Db,
  opts: { userId: string; type: NotificationType; title: string; body: string; messageId: string | null; now: Date },
): Promise<string> {
  const max = LIMITS.notificationBody.max;
  const body = opts.body.length > max ? `${opts.body.slice(0, max - 1)}…` : opts.body;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: opts.userId,
      type: opts.type,
      title: opts.title,
      body,
      relatedEntityId: opts.messageId,
      relatedEntityType: opts.messageId ? 'message' : null,
      createdAt: opts.now,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error('notification insert returned nothing');
  return row.id;
}

/** Several notifications in one statement (the expiry job's batch): each new id with its message. */
export async function createNotifications(
  tx: Db,
  list: ReadonlyArray<{
    userId: string;
    type: NotificationType;
    title: string;
    body: string;
    messageId: string | null;
    now: Date;
  }>,
): Promise<Array<{ id: string; messageId: string | null }>> {
  if (list.length === 0) return [];
  const max = LIMITS.notificationBody.max;
  const rows = await tx
    .insert(notifications)
    .values(
      list.map((opts) => ({
        userId: opts.userId,
        type: opts.type,
        title: opts.title,
        body: opts.body.length > max ? `${opts.body.slice(0, max - 1)}…` : opts.body,
        relatedEntityId: opts.messageId,
        relatedEntityType: opts.messageId ? 'message' : null,
        createdAt: opts.now,
      })),
    )
    .returning({ id: notifications.id, messageId: notifications.relatedEntityId });
  if (rows.length !== list.length) throw new Error('notification insert returned too few rows');
  return rows;
}
