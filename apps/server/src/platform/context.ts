import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db';
import type { Drain } from './drain';
import type { Metrics } from './metrics';
import type { CheckoutOutcomes, EventBus, Mailer, ObjectStorage, OutboxRunner, PaymentProvider } from './ports';

/**
 * What a use case may be handed: the ports (decision 0074), typed here in the platform, below every
 * module. A use case takes `(ctx, opts)` where `ctx` is a Pick of this naming exactly what it touches,
 * e.g. `ctx: Pick<AppContext, 'db' | 'clock'>`: the type says which seams it uses, tests pass plain
 * objects, and no use case can reach the whole app as a service locator (docs/decisions/0014).
 */
export interface AppContext {
  db: Db;
  clock: Clock;
  config: Config;
  payments: PaymentProvider;
  mailer: Mailer;
  events: EventBus;
  outbox: OutboxRunner;
  /** Uploaded files: DATA_DIR or a bucket (decision 0032). */
  storage: ObjectStorage;
  log: FastifyBaseLogger;
}

/** What app.ts decorates the Fastify instance with: the ports, and the process's own pieces. */
export interface AppDecorations extends Omit<AppContext, 'log'> {
  database: Database;
  /** What a checkout's outcome does to its message: the pay-a-message flow, for the money rail (decision 0070). */
  checkouts: CheckoutOutcomes;
  /** The graceful stop (decision 0033): `active` once SIGTERM arrived; `onDrain` for streams. */
  drain: Drain;
  /** This instance's Prometheus registry (decision 0033); `enabled` only with METRICS_TOKEN or METRICS_PORT. */
  metrics: Metrics;
}

// The one augmentation (decision 0074): the app is an AppContext, so routes hand `app` to use cases.
// Its types come from the platform, so no module learns a port's type from app.ts.
declare module 'fastify' {
  interface FastifyInstance extends AppDecorations {}
}
