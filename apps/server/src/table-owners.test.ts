import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is, Table } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import * as schema from './db/schema';

/**
 * Each table is written by one module (decisions 0014 and 0021): another module, a flow, a job or the
 * demo seed changes it through the owner's front door. This reads every production file's writes (drizzle's
 * insert/update/delete and raw `insert into ${table}` / `update ${table}` / `delete from ${table}`) and
 * fails when a file writes a table its folder does not own.
 */
const OWNER: Record<string, string> = {
  accountDeletions: 'auth',
  adminAuditLog: 'audit',
  adminUsers: 'auth',
  authTokens: 'auth',
  sessions: 'auth',
  users: 'auth',
  categories: 'categories',
  contactMessages: 'support',
  contentModeration: 'moderation',
  dataExports: 'data-export',
  creatorBlocks: 'care',
  // Capacity protection (decision 0071; columns of profiles before).
  creatorCapacity: 'care',
  earnings: 'ledger',
  ledgerEntries: 'ledger',
  payouts: 'ledger',
  externalLookupCache: 'creators',
  messageAttachments: 'attachments',
  messages: 'messages',
  messageReminders: 'messages',
  conversationSummaries: 'messages',
  notifications: 'notifications',
  // Decision 0072: moved out of profiles.
  notificationPreferences: 'notifications',
  pushSubscriptions: 'notifications',
  payments: 'payments',
  // The creator's connected account (decision 0071; columns of profiles before).
  payoutAccounts: 'payments',
  // Chargebacks (decision 0054): the money rail records each Stripe dispute and what it did.
  disputes: 'payments',
  webhookEvents: 'payments',
  // Written by the idempotency layer every keyed write passes through (decision 0044).
  idempotencyKeys: 'platform',
  platformSettings: 'settings',
  profiles: 'profiles',
  profileViews: 'profiles',
  profileViewMonths: 'profiles',
  profileViewRollup: 'profiles',
  usernameHolds: 'profiles',
  userPresence: 'presence',
  reviews: 'reviews',
  // Decision 0072: response figures come in from messages as data (recordResponseFigures).
  creatorStats: 'reviews',
  systemAlertsSent: 'system-alerts',
  rateLimitBuckets: 'platform',
  openStreams: 'realtime',
  // The operator's backups and drills (issue 40): recorded by the backup tools, read by metrics and Admin › System.
  backupRuns: 'health',
  // Each instance's heartbeat (decision 0064), beside the readiness check it records.
  instances: 'health',
  outbox: 'outbox',
  outboxPrunedKeys: 'outbox',
  webVitalsDaily: 'vitals',
};

const SRC = path.dirname(new URL(import.meta.url).pathname);

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'testing' || entry.name === 'migrations' ? [] : productionFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The folder that owns a file: `modules/<name>`, else the top folder (`flows`, `admin`, `jobs`, `demo` (the seed owns no table), `platform`). */
function ownerOfFile(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts[0] === 'modules' ? (parts[1] ?? '') : (parts[0] ?? '').replace(/\.ts$/, '');
}

/** The schema's export name of each table, by its name in SQL (`ledger_entries` → ledgerEntries). */
const BY_SQL_NAME = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, Table))
    .map(([name, table]) => [getTableName(table as Table), name] as const),
);

function writesIn(source: string): string[] {
  const written = new Set<string>();
  for (const m of source.matchAll(/\.(?:insert|update|delete)\(\s*([A-Za-z]+)\s*\)/g)) written.add(m[1] ?? '');
  for (const m of source.matchAll(/(?:insert\s+into|update|delete\s+from)\s+\$\{\s*([A-Za-z]+)\s*\}/gi))
    written.add(m[1] ?? '');
  // Raw SQL naming the table itself: `update profiles set …`.
  for (const m of source.matchAll(/(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?\s/g)) {
    const name = BY_SQL_NAME.get(m[1] ?? '');
    if (name) written.add(name);
  }
  return [...written].filter((name) => name in schema);
}

/** The writes in `source` (the file at `file`) of tables its folder does not own. */
function foreignWrites(file: string, source: string): string[] {
  const writer = ownerOfFile(file);
  return writesIn(source)
    .filter((table) => OWNER[table] !== writer)
    .map((table) => `${path.relative(SRC, file)} writes ${table} (owned by ${OWNER[table]})`);
}

describe('table owners', () => {
  test('every table the schema defines has an owner', () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, Table))
      .map(([name]) => name);
    expect(tables.filter((name) => !(name in OWNER))).toEqual([]);
  });

  test('a table is written only by the module that owns it', () => {
    const foreign = productionFiles(SRC).flatMap((file) => foreignWrites(file, fs.readFileSync(file, 'utf8')));
    expect(foreign).toEqual([]);
  });

  test('the check sees a foreign write when there is one', () => {
    expect(writesIn('await tx.update(payments).set({})')).toEqual(['payments']);
    expect(writesIn(['sql`insert into $', '{ledgerEntries} (a) values (1)`'].join(''))).toEqual(['ledgerEntries']);
    expect(writesIn('sql`update profiles set rating = 5`')).toEqual(['profiles']);
    expect(writesIn('await tx.select().from(payments)')).toEqual([]);
  });

  test('identity is written by profiles only (decision 0073): a planted write elsewhere fails', () => {
    const rename = 'await tx.update(profiles).set({ username })';
    for (const folder of ['admin', 'auth', 'fans', 'presence', 'verification'])
      expect(foreignWrites(path.join(SRC, 'modules', folder, 'planted.ts'), rename)).toEqual([
        `modules/${folder}/planted.ts writes profiles (owned by profiles)`,
      ]);
    expect(foreignWrites(path.join(SRC, 'modules/profiles/planted.ts'), rename)).toEqual([]);
  });
});
