import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { messages } from './messages';
import { profiles } from './profiles';

/**
 * An image sent with a paid message, a response or a follow-up (issue #13). Uploaded first, owned
 * by its uploader and unattached (`message_id` null) until a checkout or reply claims it; the jobs
 * loop removes unattached ones after a day. The file lives under DATA_DIR/attachments, never under
 * the public /uploads folder: it is served only to the two parties of the conversation and admins.
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    // 'message': the text of the message row (a fan's paid message or a creator's follow-up); 'response': its reply.
    part: text('part', { enum: ['message', 'response'] }),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('message_attachments_part', sql`${t.part} is null or ${t.part} in ('message', 'response')`),
    index('message_attachments_message_idx').on(t.messageId),
    // The pending uploads of one sender (the per-user cap), and the orphans the jobs loop removes.
    index('message_attachments_unattached_idx').on(t.ownerId, t.createdAt).where(sql`${t.messageId} is null`),
    index('message_attachments_orphans_idx').on(t.createdAt).where(sql`${t.messageId} is null`),
  ],
);
