import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { instanceId } from './instance';
import { serverRoot } from './server-root';

const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** The configured super admin's password must be longer than a user's (ZPassword allows 6). */
export const ADMIN_PASSWORD_MIN = 12;

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** PostgreSQL connection settings (decision 0043); ignored on the embedded PGlite. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(500).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  DATABASE_SSLMODE: z
    .enum(['disable', 'require', 'verify-full'])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_SSL_ROOT_CERT: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  /** Lets a production server run at an http:// PUBLIC_URL: a lab without TLS only (decision 0044). */
  ALLOW_HTTP_PUBLIC_URL: ZBool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: ZBool.optional(),
  ADMIN_EMAIL: z
    .email('must be an e-mail address')
    .max(254)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z
    .string()
    .min(ADMIN_PASSWORD_MIN, `must be at least ${ADMIN_PASSWORD_MIN} characters`)
    .max(200)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ALLOW_TEST_PAYMENTS: ZBool.optional(),
  /** The demo's explicit opt-in (scripts/serve.mjs sets it): the labelled simulations a demo needs. */
  DEMO_MODE: ZBool.optional(),
  /** This instance's name (platform/instance.ts reads the same variable for the process). */
  INSTANCE_ID: z.string().trim().max(100).optional(),
  WEB_DIST_DIR: z.string().optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Fanline <no-reply@fanline.app>'),
  REQUIRE_EMAIL_CONFIRMATION: ZBool.optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return false as const;
      if (/^\d+$/.test(v)) {
        const hops = Number(v);
        if (hops < 1 || hops > 10) ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 10' });
        return hops;
      }
      const entries = v.split(',').map((entry) => entry.trim());
      for (const entry of entries) {
        if (!isAddressOrCidr(entry)) {
          ctx.addIssue({ code: 'custom', message: `"${entry}" is neither an address nor a CIDR range` });
        }
      }
      return entries;
    }),
  AUTH_IP_LIMIT: z.coerce.number().int().positive().default(30),
  AUTH_EMAIL_LIMIT: z.coerce.number().int().positive().default(5),
  THREADS_CLIENT_ID: z.string().optional(),
  THREADS_CLIENT_SECRET: z.string().optional(),
  THREADS_AUTH_URL: z.url().default('https://threads.net/oauth/authorize'),
  THREADS_API_URL: z.url().default('https://graph.threads.net'),
  THREADS_REDIRECT_URI: z.url().optional(),
  INSTAGRAM_LOOKUP_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  INSTAGRAM_LOOKUP_KEY: z.string().optional(),
  INSTAGRAM_LOOKUP_HOST: z.string().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  // Stripe cancels an uncaptured card payment 7 days after authorizing it; a day is kept for the
  // capture's retries (decision 0050). A longer response window captures at send instead.
  PAYMENT_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(144, {
      message:
        'PAYMENT_HOLD_HOURS must be at most 144 (6 days): Stripe cancels an uncaptured card payment 7 days after it is authorized, and a day is kept for retries',
    })
    .default(120),
  /** The share of page loads that report Web Vitals (decision 0038); default 0.1 in production, 1 elsewhere and in the demo. */
  VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
  /** Web Vitals beacons per address and minute (decision 0038). */
  VITALS_IP_LIMIT: z.coerce.number().int().positive().default(60),
  /** Page views (SPA fallback and SSR pages) per client and minute (security review F5, decision 0045). */
  PAGE_VIEW_LIMIT: z.coerce.number().int().positive().default(600),
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Done outbox rows are deleted after this many days; their keys are kept for dedup (decision 0039). */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * A pruned done row's key is kept this many days after it ran (decision 0063): past the last day a
   * duplicate can arrive (Stripe retries a webhook 3 days and lists events 30 days for a replay). Dropped rows' keys stay for good.
   */
  OUTBOX_PRUNED_KEY_DAYS: z.coerce.number().int().min(31).max(3650).default(90),
  /** Whole months of raw profile views kept before the current one, once rolled up (decision 0063). */
  PROFILE_VIEWS_RAW_MONTHS: z.coerce.number().int().min(0).max(120).default(1),
  /** Graceful stop (issue 27, decision 0033): how long in-flight work may take after SIGTERM before exit 1. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** After SIGTERM, keep accepting connections this long with readiness at 503, for balancers that poll it. */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Issue 39: how many of a draining instance's event streams the other instances take back a second;
   * the drain spreads its streams' reconnects over count ÷ this seconds (at least one).
   */
  STREAM_RECONNECTS_PER_SECOND: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** GET /metrics on the public port with `Authorization: Bearer <token>` (issue 27). Unset: 404 there. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An internal listener that serves only GET /metrics, without a token, on METRICS_HOST. */
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * OpenTelemetry traces (issue 40, decision 0061): the OTLP/HTTP collector's base address (traces go
   * to `<endpoint>/v1/traces`, as OTLP/HTTP JSON). Unset: tracing is off and the SDK is not loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OTEL_SERVICE_NAME: z.string().min(1).default('fanline'),
  /** Issue 39: live events through PostgreSQL's LISTEN/NOTIFY (one box) or NATS JetStream (decision 0066). */
  EVENT_BUS: z.enum(['pg', 'nats']).default('pg'),
  NATS_URL: z
    .string()
    .regex(
      /^(nats|tls):\/\/[^\s,]+(,(nats|tls):\/\/[^\s,]+)*$/,
      'must be nats://host:port (a comma list for a cluster)',
    )
    .default('nats://127.0.0.1:4222'),
  /** The JetStream stream (and subject prefix) of the live events; one per deployment. */
  NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, - and _ only')
    .default('fanline-events'),
  /** How long one browse answer may be reused when nothing announced a change (0: never; issue 14). */
  BROWSE_CACHE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  /** How long a session row read for one request may serve the next ones (0: never; issue 14). */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Web Push's VAPID key pair (issue 26, decision 0031), base64url as `web-push generate-vapid-keys` prints it. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Object storage for uploads (issue 27, decision 0032): set S3_BUCKET to use it instead of DATA_DIR. */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_FORCE_PATH_STYLE: ZBool.optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /**
   * How each instance talks to PostgreSQL (decision 0043): at most `poolMax` connections (the LISTEN
   * one included), `connectTimeoutMs` to get one, and the server-side `statement_timeout` and
   * `idle_in_transaction_session_timeout` of every connection (0: none). `ssl` is what TLS the
   * connection uses: 'url' leaves it to DATABASE_URL's own sslmode parameter.
   */
  database: {
    poolMax: number;
    connectTimeoutMs: number;
    statementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    sslMode: 'disable' | 'require' | 'verify-full' | 'url';
    sslRootCert: string | undefined;
  };
  dataDir: string;
  publicUrl: string;
  /**
   * Requests must name PUBLIC_URL's host (else 421) and mutations its origin (decision 0044): in
   * production, and whenever PUBLIC_URL is set. Off only in development without PUBLIC_URL.
   */
  strictHost: boolean;
  logLevel: string;
  /**
   * Demo data (accounts with generated passwords) goes into an empty embedded database outside
   * production unless turned off; into PostgreSQL or a production server only when asked for.
   */
  seedDemoData: boolean;
  /**
   * The demo's explicit opt-in (DEMO_MODE=true, set by `npm start` without NODE_ENV): a production
   * server then offers the clearly labelled simulated Threads verification (decision 0024). A real
   * deployment never has it unless someone sets it on purpose, and the server says so at start.
   */
  demoMode: boolean;
  /**
   * This instance's name: INSTANCE_ID, else the per-process id (platform/instance.ts). Health answers,
   * the stream leases and the instance heartbeat carry it (decision 0064).
   */
  instanceId: string;
  /** Real-user Web Vitals (decision 0038): the share of page loads reported, 0 to 1, and beacons per address and minute. */
  vitals: { sampleRate: number; perAddressPerMinute: number };
  /** Page views one client may make a minute (PAGE_VIEW_LIMIT); API misses keep 60 (decision 0045). */
  pageViewsPerMinute: number;
  /** The super admin created or confirmed at start (ADMIN_EMAIL / ADMIN_PASSWORD); absent when not configured. */
  admin: { email: string; password: string | undefined } | undefined;
  webDistDir: string;
  uploadsDir: string;
  /** Signs OAuth state and other tokens. Generated and kept in DATA_DIR when not given (not in production). */
  appSecret: string | undefined;
  mail: { smtpUrl: string | undefined; from: string; requireConfirmation: boolean };
  /**
   * Which proxies may set X-Forwarded-For: off (the socket's peer is the client), a hop count, or
   * the proxies' addresses/CIDRs. Off by default, so a client cannot choose its own address.
   */
  trustProxy: false | number | string[];
  /** Sign-in and sign-up attempts allowed per 15 minutes: per client address, and failures per email. */
  authLimits: { perIp: number; perEmail: number };
  threads: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    authUrl: string;
    apiUrl: string;
    redirectUri: string;
    /**
     * A verified account's picture is copied as the avatar (decision 0048) from https:// only; a plain
     * http:// one only from a test or demo stand-in (outside production, or with DEMO_MODE).
     */
    allowHttpPictures: boolean;
  };
  /** The Instagram-style data service (spec §7). The key may instead be set by an admin (platform settings). */
  instagramLookup: { url: string | undefined; key: string | undefined; host: string | undefined };
  payments: {
    /**
     * 'stripe' with a secret key; otherwise the built-in test checkout, which collects no money: in
     * production only with ALLOW_TEST_PAYMENTS=true.
     */
    provider: 'local' | 'stripe';
    /** The spec's test-send (bypasses payment): the local provider outside production only. */
    testSend: boolean;
    stripeSecretKey: string | undefined;
    stripeWebhookSecret: string | undefined;
    /** Connect events (connected accounts' account.updated, payout.*) are signed with their own endpoint's secret. */
    stripeConnectWebhookSecret: string | undefined;
    /** Reach Stripe elsewhere (a local stand-in in tests). */
    stripeApiUrl: string | undefined;
    /** How long a card authorization is trusted to hold; longer response windows capture at once. */
    holdLimitHours: number;
  };
  jobsIntervalSeconds: number;
  /** How long done outbox rows are kept before the jobs prune them (decision 0039). */
  outboxRetentionDays: number;
  /** How long a pruned done row's key still deduplicates (decision 0063). */
  outboxPrunedKeyDays: number;
  /** Whole months of raw profile_views kept before the current one (decision 0063). */
  profileViewsRawMonths: number;
  /** The graceful stop (decision 0033): the deadline for in-flight work, and the readiness-only lead time. */
  shutdown: { graceMs: number; delayMs: number; reconnectsPerSecond: number };
  /**
   * Prometheus metrics (decision 0033): on the public port only with `token`, on an internal listener
   * at `host:port` without one; neither set, metrics are off and /metrics is a 404.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** OpenTelemetry traces (decision 0061): off while `endpoint` is null. */
  tracing: { endpoint: string | null; serviceName: string };
  /**
   * Live events between instances (decision 0066): `pg` is LISTEN/NOTIFY with a replay ring per
   * instance; `nats` publishes to a JetStream stream, whose sequence is the events' id and replays
   * `Last-Event-ID` on any instance.
   */
  eventBus: { kind: 'pg' } | { kind: 'nats'; url: string[]; stream: string };
  /**
   * Browse answers are reused this long (decision 0017). Tests default to 0: they change rows behind
   * the app's back, which nothing announces.
   */
  browseCacheMs: number;
  /**
   * How long a session row may be reused (modules/auth/session-cache.ts): this process forgets revoked
   * sessions at once, and another instance's when their announcement arrives (at most this long).
   */
  sessionCacheMs: number;
  /**
   * Web Push (decision 0031): the VAPID keys from the environment, or (both absent) generated once into
   * DATA_DIR where that is safe; `subject` is the contact push services may use. `trustedCa` is a test
   * seam only (the local push-service stand-in's certificate); no environment variable sets it.
   */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string; trustedCa?: string };
  /** Where uploads are kept: DATA_DIR (the embedded default) or a bucket (decision 0032). */
  storage: { driver: 'fs' } | S3StorageConfig;
}

/** An S3-compatible bucket for uploads (platform/storage/s3-driver.ts). */
export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  /** Another S3-compatible service (MinIO, s3rver, R2); absent for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: what MinIO and s3rver need. */
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment once at start and fails fast with every problem named (ARCHITECTURE §1 Config). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  // Decision 0044: production is served over TLS. The demo (`npm start`, DEMO_MODE) runs at
  // http://localhost and is not held to this; a lab without TLS says so with ALLOW_HTTP_PUBLIC_URL.
  if (production && !e.DEMO_MODE && !e.ALLOW_HTTP_PUBLIC_URL && !publicUrl.startsWith('https://')) {
    problems.push(
      `PUBLIC_URL: must be an https:// address in production (it is ${e.PUBLIC_URL ? publicUrl : `unset, so ${publicUrl}`}). Over plain HTTP the session cookie and passwords cross the network readable, and browsers refuse the __Host- cookie. Terminate TLS in front of the instances (deploy/haproxy.cfg) and set PUBLIC_URL=https://…; for a lab without TLS only, set ALLOW_HTTP_PUBLIC_URL=true.`,
    );
  }
  if (production && e.DATABASE_URL && !e.APP_SECRET) {
    problems.push('APP_SECRET: required in production with DATABASE_URL (32+ random characters)');
  }
  if (production && !e.STRIPE_SECRET_KEY && !e.ALLOW_TEST_PAYMENTS) {
    problems.push(
      'STRIPE_SECRET_KEY: required in production. Without it messages would be delivered through the built-in test checkout, which collects no money; set ALLOW_TEST_PAYMENTS=true only for a demo.',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both (a key pair) or neither');
  }
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL) {
    problems.push('ADMIN_EMAIL: required with ADMIN_PASSWORD (the super admin account to create)');
  }
  const s3Extras = (
    ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
  ).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && s3Extras.length > 0) {
    problems.push(
      `S3_BUCKET: required with ${s3Extras.join(', ')}. Set the bucket to keep uploads in object storage, or remove the S3_ settings to keep them in DATA_DIR.`,
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither uses the AWS SDK's default credentials: environment, shared files or the instance's role)",
    );
  }
  const urlSslMode = e.DATABASE_URL ? sslModeInUrl(e.DATABASE_URL) : undefined;
  if (urlSslMode && e.DATABASE_SSLMODE) {
    problems.push('DATABASE_SSLMODE: DATABASE_URL already has an sslmode parameter; set one of the two');
  }
  // Safe by default: in production a database on another host is reached over verified TLS unless
  // told otherwise; one on this host (loopback, a Unix socket) without TLS.
  const sslMode = urlSslMode
    ? 'url'
    : (e.DATABASE_SSLMODE ??
      (production && e.DATABASE_URL && !isLocalDatabase(e.DATABASE_URL) ? 'verify-full' : 'disable'));
  if (e.DATABASE_SSL_ROOT_CERT && sslMode !== 'verify-full') {
    problems.push(
      'DATABASE_SSL_ROOT_CERT: only used with DATABASE_SSLMODE=verify-full (with sslmode in DATABASE_URL, use its sslrootcert parameter)',
    );
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const localPayments = !e.STRIPE_SECRET_KEY;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    database: {
      poolMax: e.DATABASE_POOL_MAX,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      sslMode,
      sslRootCert: e.DATABASE_SSL_ROOT_CERT,
    },
    dataDir,
    publicUrl,
    strictHost: production || e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    // Production never gets accounts it was not asked for.
    seedDemoData: e.SEED_DEMO_DATA ?? (!production && !e.DATABASE_URL),
    demoMode: e.DEMO_MODE ?? false,
    instanceId: e.INSTANCE_ID || instanceId,
    // A demo has few visitors, all of whom should show on its dashboard; production samples a tenth.
    vitals: {
      sampleRate: e.VITALS_SAMPLE_RATE ?? (production && !e.DEMO_MODE ? 0.1 : 1),
      perAddressPerMinute: e.VITALS_IP_LIMIT,
    },
    pageViewsPerMinute: e.PAGE_VIEW_LIMIT,
    admin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    uploadsDir: path.join(dataDir, 'uploads'),
    appSecret: e.APP_SECRET,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      // Default: confirm emails only when mail can actually be delivered.
      requireConfirmation: e.REQUIRE_EMAIL_CONFIRMATION ?? Boolean(e.SMTP_URL),
    },
    trustProxy: e.TRUST_PROXY,
    authLimits: { perIp: e.AUTH_IP_LIMIT, perEmail: e.AUTH_EMAIL_LIMIT },
    threads: {
      clientId: e.THREADS_CLIENT_ID || undefined,
      clientSecret: e.THREADS_CLIENT_SECRET || undefined,
      authUrl: e.THREADS_AUTH_URL,
      apiUrl: e.THREADS_API_URL.replace(/\/$/, ''),
      redirectUri: e.THREADS_REDIRECT_URI ?? `${publicUrl}/auth/threads/callback`,
      allowHttpPictures: !production || (e.DEMO_MODE ?? false),
    },
    payments: {
      provider: localPayments ? 'local' : 'stripe',
      testSend: localPayments && !production,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
      stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
      stripeApiUrl: e.STRIPE_API_URL,
      holdLimitHours: e.PAYMENT_HOLD_HOURS,
    },
    jobsIntervalSeconds: e.JOBS_INTERVAL_SECONDS,
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    outboxPrunedKeyDays: e.OUTBOX_PRUNED_KEY_DAYS,
    profileViewsRawMonths: e.PROFILE_VIEWS_RAW_MONTHS,
    shutdown: {
      graceMs: e.SHUTDOWN_GRACE_MS,
      delayMs: e.SHUTDOWN_DELAY_MS,
      reconnectsPerSecond: e.STREAM_RECONNECTS_PER_SECOND,
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null, serviceName: e.OTEL_SERVICE_NAME },
    eventBus:
      e.EVENT_BUS === 'nats' ? { kind: 'nats', url: e.NATS_URL.split(','), stream: e.NATS_STREAM } : { kind: 'pg' },
    browseCacheMs: e.BROWSE_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      // Push services contact the sender here about a problem: the public site when it is https,
      // otherwise the address mail comes from.
      subject:
        e.VAPID_SUBJECT ??
        (publicUrl.startsWith('https://') ? publicUrl : `mailto:${mailAddress(e.MAIL_FROM) ?? 'no-reply@fanline.app'}`),
    },
    storage: e.S3_BUCKET
      ? {
          driver: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          region: e.S3_REGION ?? 'us-east-1',
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { driver: 'fs' },
    instagramLookup: {
      url: e.INSTAGRAM_LOOKUP_URL?.replace(/\/$/, ''),
      key: e.INSTAGRAM_LOOKUP_KEY || undefined,
      host: e.INSTAGRAM_LOOKUP_HOST || (e.INSTAGRAM_LOOKUP_URL ? new URL(e.INSTAGRAM_LOOKUP_URL).host : undefined),
    },
  };
}

function sslModeInUrl(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get('sslmode') ?? undefined;
  } catch {
    return undefined;
  }
}

/** PostgreSQL on this machine: a loopback address, localhost, or a Unix socket (`?host=/run/...`). */
function isLocalDatabase(url: string): boolean {
  try {
    const parsed = new URL(url);
    const socket = parsed.searchParams.get('host');
    if (socket?.startsWith('/')) return true;
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    return host === '' || host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** The address in a From line (`Fanline <no-reply@fanline.app>` or a bare address). */
function mailAddress(from: string): string | undefined {
  return /<([^<>@\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? (/^[^<>@\s]+@[^<>\s]+$/.test(from) ? from : undefined);
}

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (!address || rest.length > 0) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
