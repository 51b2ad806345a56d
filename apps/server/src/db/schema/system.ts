import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Fixed-window counters for sign-in and sign-up limits, kept in the database so every instance
 * behind a load balancer counts the same attempts (ARCHITECTURE §5).
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowStart: tstz('window_start').notNull().defaultNow(),
  },
  // The jobs loop deletes buckets whose window has passed.
  (t) => [index('rate_limit_buckets_window_start_idx').on(t.windowStart)],
);

/**
 * What the paid external lookup answered, shared by every instance: `term:<normalized term>` rows
 * cache an answer for a while, and the `quota` row says upstream's quota is spent until it expires.
 */
export const externalLookupCache = pgTable(
  'external_lookup_cache',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('external_lookup_cache_expires_at_idx').on(t.expiresAt)],
);

/**
 * The live event streams of every instance (issue 27): the per-user and per-address stream caps are
 * counted here, so they hold across the cluster. Each instance refreshes its own rows' heartbeat
 * while their streams are open and deletes a row when its stream ends; rows whose heartbeat is older
 * than the lease lifetime (an instance killed without a goodbye) are not counted and are pruned.
 */
export const openStreams = pgTable(
  'open_streams',
  {
    id: uuid('id').primaryKey(),
    instanceId: text('instance_id').notNull(),
    userId: uuid('user_id').notNull(),
    address: text('address').notNull(),
    openedAt: tstz('opened_at').notNull(),
    heartbeatAt: tstz('heartbeat_at').notNull(),
  },
  (t) => [
    index('open_streams_user_idx').on(t.userId),
    index('open_streams_address_idx').on(t.address),
    index('open_streams_heartbeat_idx').on(t.heartbeatAt),
  ],
);

/**
 * Each backup the operator's tools took or tried (issue 40): pgBackRest's base backups and WAL
 * checks (deploy/backup/), `npm run backup`'s dumps with the files, and the restore drills. The
 * backup-age metric, its alert and Admin › System read the newest successful row; a failed run is
 * kept with what went wrong, so "the backup ran and failed" differs from "no backup ran".
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** 'full' | 'diff' | 'incr' (pgBackRest base backups), 'dump' (npm run backup), 'drill' (a restore tried). */
    kind: text('kind').notNull(),
    /** 'pgbackrest' | 'pg_dump'. */
    tool: text('tool').notNull(),
    /** The tool's own name for it (pgBackRest's backup label, the dump's directory). */
    label: text('label'),
    startedAt: tstz('started_at').notNull(),
    finishedAt: tstz('finished_at').notNull().defaultNow(),
    succeeded: boolean('succeeded').notNull(),
    /** Bytes stored, when the tool says. */
    bytes: bigint('bytes', { mode: 'number' }),
    /** What went wrong, for a failed run (no secrets: the tool's message, not its command line). */
    detail: text('detail'),
  },
  (t) => [
    check('backup_runs_kind_check', sql`${t.kind} in ('full', 'diff', 'incr', 'dump', 'drill')`),
    index('backup_runs_finished_idx').on(t.succeeded, t.finishedAt.desc()),
  ],
);

/**
 * The instances of this deployment as each last told (issue 40, decision 0064): every instance
 * upserts its own row on a timer, when it begins to drain and when it stops, with the answer its own
 * readiness check gives. Admin › System lists them; a row not refreshed for a while is an instance
 * that went away without a goodbye, and rows not seen for a day are pruned by the heartbeat itself.
 */
export const instances = pgTable(
  'instances',
  {
    /** INSTANCE_ID (fanline-1..3 in the cluster), or the per-process id. */
    id: text('id').primaryKey(),
    version: text('version').notNull(),
    commit: text('commit'),
    startedAt: tstz('started_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
    /** What its readiness said: 'ok' | 'degraded' | 'draining', or 'stopped' after a clean shutdown. */
    status: text('status').notNull(),
    /** Readiness answered 200 (the balancer would send it requests). */
    ready: boolean('ready').notNull(),
  },
  (t) => [check('instances_status_check', sql`${t.status} in ('ok', 'degraded', 'draining', 'stopped')`)],
);
