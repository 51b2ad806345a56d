import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';

/** Provider webhook events already handled, keyed by the provider's event id (idempotency). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
  processedAt: tstz('processed_at'),
});

/** Our own retried POSTs where a double submit would cost money. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  userId: uuid('user_id'),
  requestHash: text('request_hash').notNull(),
  response: jsonb('response'),
  createdAt: createdAt(),
});
