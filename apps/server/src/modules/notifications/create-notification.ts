import { randomUUID } from 'node:crypto';
import { LIMITS } from '@fanline/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { Db } from '../../platform/db';
import { placeholders } from '../../platform/prepared';

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
  const id = randomUUID();
  await tx.insert(notifications).values({ id, ...rowOf(opts) });
  return id;
}

/**
 * One notification as a part of another module's statement, rendered once with placeholders under
 * `prefix`, and written only `when` the caller's condition holds: the creator's "new message" sent in
 * the statement that makes a paid message live and announces it (issue 14, SSE delivery; decision
 * 0017 round 6). `fill` chooses the new id.
 */
export function notificationPart(prefix: string, when: SQL = sql`true`) {
  const { typed, fill } = placeholders(prefix);
  // Named as rowOf names them, so one notification's row fills the placeholders as it is.
  const columns = Object.entries({
    id: notifications.id,
    userId: notifications.userId,
    type: notifications.type,
    title: notifications.title,
    body: notifications.body,
    relatedEntityId: notifications.relatedEntityId,
    relatedEntityType: notifications.relatedEntityType,
    createdAt: notifications.createdAt,
  });
  return {
    sql: sql`insert into ${notifications} (${sql.join(
      columns.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    )}) select ${sql.join(
      columns.map(([key, column]) => typed(key, column)),
      sql`, `,
    )} where ${when}`,
    fill(opts: NotificationFields) {
      const id = randomUUID();
      return { id, values: fill({ id, ...rowOf(opts), createdAt: opts.now.toISOString() }) };
    },
  };
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
