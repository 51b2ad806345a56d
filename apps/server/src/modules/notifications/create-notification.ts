import { randomUUID } from 'node:crypto';
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

type NotificationFields = {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  messageId: string | null;
  now: Date;
};

/** spec §3 notification: the body is cut to 100 characters. Returns the new id for the realtime event. */
export async function createNotification(tx: Db, opts: NotificationFields): Promise<string> {
  const { id, insert } = notificationInsert(tx, opts);
  await insert;
  return id;
}

/**
 * The insert of one notification with its id chosen here, not yet sent: a caller may send it inside
 * another statement (the realtime announcement of the same change, one round trip for both: issue 14,
 * SSE delivery). Awaiting `insert` sends it on its own.
 */
export function notificationInsert(tx: Db, opts: NotificationFields) {
  const id = randomUUID();
  const insert = tx.insert(notifications).values({ id, ...rowOf(opts) });
  return { id, insert };
}

/** Several notifications in one statement (the expiry job's batch): each new id with its message. */
export async function createNotifications(
  tx: Db,
  list: ReadonlyArray<NotificationFields>,
): Promise<Array<{ id: string; messageId: string | null }>> {
  if (list.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(list.map(rowOf))
    .returning({ id: notifications.id, messageId: notifications.relatedEntityId });
  if (rows.length !== list.length) throw new Error('notification insert returned too few rows');
  return rows;
}

/** A notification's row; spec §3: the body is cut to 100 characters, the last one an ellipsis. */
function rowOf(opts: NotificationFields) {
  const max = LIMITS.notificationBody.max;
  return {
    userId: opts.userId,
    type: opts.type,
    title: opts.title,
    body: opts.body.length > max ? `${opts.body.slice(0, max - 1)}…` : opts.body,
    relatedEntityId: opts.messageId,
    relatedEntityType: opts.messageId ? ('message' as const) : null,
    createdAt: opts.now,
  };
}
