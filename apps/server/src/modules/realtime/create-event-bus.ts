import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db';
import { createPostgresEventBus, type EventBus } from './event-bus';
import { createNatsEventBus } from './nats-event-bus';

/** The bus EVENT_BUS names (decision 0066): PostgreSQL LISTEN/NOTIFY by default, or NATS JetStream. */
export function createEventBus(
  database: Database,
  log: () => FastifyBaseLogger,
  bus: Config['eventBus'] = { kind: 'pg' },
): EventBus {
  return bus.kind === 'nats' ? createNatsEventBus(bus, log, database.db) : createPostgresEventBus(database, log);
}
