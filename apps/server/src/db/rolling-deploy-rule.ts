// The migration rule for rolling deploys (issue 27, decision 0036): expand, migrate, contract.
//
// During a rolling deploy the previous release's instances keep serving while the new release's
// migrations have already run, so a migration must not take away what the previous release's code
// reads or writes. `released.json` in the migrations folder names the last migration shipped in a
// release; every migration after it in the journal is unreleased and is checked here against the
// schema of that release (drizzle's snapshot of it): a destructive change (dropping or renaming a
// column or table, changing a column's type, making a column NOT NULL without a default) to a column
// or table that release still has fails, with what to do instead. Pure parsing, no database.
import fs from 'node:fs';
import path from 'node:path';

export interface ReleaseMarker {
  /** The tag (file name without .sql) of the last migration shipped in a release. */
  lastReleased: string;
}

/** What the previous release's code knows: each table's columns, and which of them have a default. */
export type ReleasedSchema = Map<string, Map<string, { hasDefault: boolean }>>;

export interface MigrationSource {
  tag: string;
  sql: string;
}

export type ChangeKind =
  | 'drop column'
  | 'rename column'
  | 'drop table'
  | 'rename table'
  | 'change type'
  | 'set not null'
  | 'add required column';

export interface DestructiveChange {
  kind: ChangeKind;
  table: string;
  /** For the column changes. */
  column?: string;
  /** The statement, shortened, as it appears in the migration (comments and function bodies left out). */
  statement: string;
}

export interface Violation extends DestructiveChange {
  migration: string;
}

const RELEASE_MARKER = 'released.json';

/** Text without comments, string literals and dollar-quoted bodies (function bodies cannot alter tables here). */
function stripNonCode(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (sql[i] === "'") {
      // 'it''s' is one literal: a doubled quote does not end it.
      let j = i + 1;
      while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
      out += "''";
      i = j + 1;
    } else {
      const dollar = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest);
      if (dollar) {
        const end = sql.indexOf(dollar[0], i + dollar[0].length);
        out += '$$';
        i = end < 0 ? sql.length : end + dollar[0].length;
      } else {
        out += sql[i];
        i += 1;
      }
    }
  }
  return out;
}

const IDENT = `(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const QUALIFIED = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

/** A (possibly schema-qualified, possibly quoted) name as the snapshot spells it: the last part. */
function nameOf(identifier: string): string {
  const parts = identifier.match(new RegExp(IDENT, 'g')) ?? [identifier];
  const last = (parts[parts.length - 1] ?? identifier).trim();
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last.toLowerCase();
}

/** Splits on commas outside parentheses (ALTER TABLE's actions; numeric(10, 2) stays whole). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** ALTER TABLE actions, tried in order (the first pattern that matches an action decides). */
const ACTIONS: Array<{
  pattern: RegExp;
  change: (m: RegExpExecArray) => Pick<DestructiveChange, 'kind' | 'column'> | null;
}> = [
  { pattern: new RegExp(`^RENAME TO ${IDENT}$`, 'i'), change: () => ({ kind: 'rename table' }) },
  {
    pattern: new RegExp(`^RENAME (?:COLUMN )?(${IDENT}) TO ${IDENT}$`, 'i'),
    change: (m) => (/^CONSTRAINT$/i.test(m[1] ?? '') ? null : { kind: 'rename column', column: nameOf(m[1] ?? '') }),
  },
  {
    // DROP CONSTRAINT is not a column (a constraint the old code relies on is the author's call).
    pattern: new RegExp(`^DROP (?:COLUMN )?(?:IF EXISTS )?(${IDENT})`, 'i'),
    change: (m) =>
      /^(CONSTRAINT|COLUMN)$/i.test(m[1] ?? '') ? null : { kind: 'drop column', column: nameOf(m[1] ?? '') },
  },
  {
    pattern: new RegExp(`^ALTER (?:COLUMN )?(${IDENT}) (?:SET DATA )?TYPE `, 'i'),
    change: (m) => ({ kind: 'change type', column: nameOf(m[1] ?? '') }),
  },
  {
    pattern: new RegExp(`^ALTER (?:COLUMN )?(${IDENT}) SET NOT NULL$`, 'i'),
    change: (m) => ({ kind: 'set not null', column: nameOf(m[1] ?? '') }),
  },
  {
    // A new NOT NULL column without a default: the released code's INSERTs do not name it and fail.
    pattern: new RegExp(`^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(${IDENT}) (.*)$`, 'i'),
    change: (m) =>
      !/^(CONSTRAINT|PRIMARY|UNIQUE|FOREIGN|CHECK|EXCLUDE)$/i.test(m[1] ?? '') &&
      /\bNOT NULL\b/i.test(m[2] ?? '') &&
      !/\b(DEFAULT|GENERATED)\b/i.test(m[2] ?? '')
        ? { kind: 'add required column', column: nameOf(m[1] ?? '') }
        : null,
  },
];

/** The destructive changes to existing tables and columns that one migration's SQL makes. */
export function findDestructiveChanges(sql: string): DestructiveChange[] {
  const changes: DestructiveChange[] = [];
  const statements = stripNonCode(sql)
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const alterTable = new RegExp(`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(${QUALIFIED}) (.*)$`, 'i');
  const dropTable = /^DROP TABLE (?:IF EXISTS )?(.*?)(?: CASCADE| RESTRICT)?$/i;
  for (const statement of statements) {
    const shown = statement.length > 160 ? `${statement.slice(0, 157)}...` : statement;
    const dropped = dropTable.exec(statement);
    if (dropped?.[1]) {
      for (const table of splitTopLevel(dropped[1]))
        changes.push({ kind: 'drop table', table: nameOf(table), statement: shown });
      continue;
    }
    const altered = alterTable.exec(statement);
    if (!altered?.[1] || !altered[2]) continue;
    const table = nameOf(altered[1]);
    for (const action of splitTopLevel(altered[2])) {
      for (const { pattern, change } of ACTIONS) {
        const m = pattern.exec(action);
        if (!m) continue;
        const found = change(m);
        if (found) changes.push({ ...found, table, statement: shown });
        break;
      }
    }
  }
  return changes;
}

/** Columns given a default by a statement of these migrations (a later SET NOT NULL is then safe). */
function defaultsSetIn(sql: string): Set<string> {
  const found = new Set<string>();
  const alterTable = new RegExp(`^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(${QUALIFIED}) (.*)$`, 'i');
  for (const statement of stripNonCode(sql).split(';')) {
    const altered = alterTable.exec(statement.replace(/\s+/g, ' ').trim());
    if (!altered?.[1] || !altered[2]) continue;
    for (const action of splitTopLevel(altered[2])) {
      const m = new RegExp(`^ALTER (?:COLUMN )?(${IDENT}) SET DEFAULT `, 'i').exec(action);
      if (m?.[1]) found.add(`${nameOf(altered[1])}.${nameOf(m[1])}`);
    }
  }
  return found;
}

/**
 * `-- rolling-deploy: allow <table>[.<column>] <reason>` in a migration exempts that one change, for
 * what the previous release provably tolerates (widening varchar(50) to varchar(100), a NOT NULL on a
 * column every writer of that release fills). The reason is required; a reviewer reads it.
 */
function allowancesIn(sql: string): Set<string> {
  const found = new Set<string>();
  for (const m of sql.matchAll(/^[ \t]*--[ \t]*rolling-deploy:[ \t]*allow[ \t]+([A-Za-z0-9_.]+)[ \t]+\S.*$/gim))
    if (m[1]) found.add(m[1].toLowerCase());
  return found;
}

/** The destructive changes of the unreleased migrations that touch what the released schema has. */
export function checkUnreleasedMigrations(released: ReleasedSchema, unreleased: MigrationSource[]): Violation[] {
  const violations: Violation[] = [];
  const defaults = new Set<string>();
  for (const migration of unreleased) {
    const allowed = allowancesIn(migration.sql);
    for (const key of defaultsSetIn(migration.sql)) defaults.add(key);
    for (const change of findDestructiveChanges(migration.sql)) {
      const columns = released.get(change.table);
      if (!columns) continue; // a table the previous release does not have
      const key = change.column ? `${change.table}.${change.column}` : change.table;
      if (allowed.has(key.toLowerCase())) continue;
      if (change.kind === 'add required column') {
        // The column is new by definition; what matters is that the released code writes this table.
      } else if (change.column) {
        const column = columns.get(change.column);
        if (!column) continue; // a column added since the release
        if (change.kind === 'set not null' && (column.hasDefault || defaults.has(key))) continue;
      }
      violations.push({ ...change, migration: migration.tag });
    }
  }
  return violations;
}

const FIX: Record<ChangeKind, string> = {
  'drop column': 'stop reading and writing it in this release; drop it in a migration of the NEXT release (contract)',
  'rename column':
    'add the new column (expand), write both and backfill (migrate), switch reads to the new one; drop the old one in the next release (contract)',
  'drop table': 'stop using it in this release; drop it in a migration of the next release (contract)',
  'rename table':
    'create the new table or a view under the new name (expand), move the data and the code (migrate); drop the old name in the next release (contract)',
  'change type':
    'add a column of the new type (expand), write both and backfill (migrate), switch reads; drop the old column in the next release (contract)',
  'add required column':
    'add it nullable or with a DEFAULT (expand), fill it from the new code and backfill (migrate), then SET NOT NULL in the next release (contract)',
  'set not null':
    'give the column a DEFAULT first (or make every writer of the released code fill it), backfill the nulls, then SET NOT NULL in the next release',
};

/** The failure message: every violation, why it breaks a rolling deploy, and what to do instead. */
export function explainViolations(violations: Violation[], lastReleased: string): string {
  const lines = violations.map((v) => {
    const target = v.column ? `column ${v.table}.${v.column}` : `table ${v.table}`;
    return `- ${v.migration}: ${v.kind} of ${target}\n    ${v.statement}\n    instead: ${FIX[v.kind]}`;
  });
  return [
    `Unreleased migrations (after ${lastReleased}, the last released one) make destructive changes to what the released code still uses:`,
    ...lines,
    '',
    'During a rolling deploy the new release migrates the database while instances of the previous release still',
    'serve: their SQL would fail on a dropped or renamed column, a changed type or a new NOT NULL. Change the schema',
    'in three steps across releases (docs/operations.md section 5): EXPAND (add, never take away; both releases',
    'work), MIGRATE (backfill, switch the code to the new shape; the old shape is no longer read), CONTRACT (in a',
    'later release, whose previous release no longer reads it, drop the old column or table). A change the previous',
    'release provably tolerates can be allowed in the migration with `-- rolling-deploy: allow <table>[.<column>] <reason>`.',
  ].join('\n');
}

interface JournalEntry {
  idx: number;
  tag: string;
}

interface SnapshotTable {
  name: string;
  columns: Record<string, { name: string; default?: unknown }>;
}

/** The released schema from drizzle's snapshot of the migration at `idx` (or the newest one before it). */
function releasedSchemaAt(metaDir: string, idx: number): ReleasedSchema {
  for (let i = idx; i >= 0; i--) {
    const file = path.join(metaDir, `${String(i).padStart(4, '0')}_snapshot.json`);
    if (!fs.existsSync(file)) continue; // a hand-written migration without one: the schema is the one before
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as { tables: Record<string, SnapshotTable> };
    const schema: ReleasedSchema = new Map();
    for (const table of Object.values(snapshot.tables)) {
      const columns = new Map<string, { hasDefault: boolean }>();
      for (const column of Object.values(table.columns))
        columns.set(column.name, { hasDefault: column.default !== undefined });
      schema.set(table.name, columns);
    }
    return schema;
  }
  throw new Error(`no drizzle snapshot at or before migration ${idx} in ${metaDir}`);
}

export interface MigrationState {
  lastReleased: string;
  released: ReleasedSchema;
  unreleased: MigrationSource[];
}

/**
 * Reads the marker (or takes `lastReleased` in its place), the journal, the released snapshot and the
 * unreleased migrations' SQL.
 */
export function readMigrationState(migrationsDir: string, lastReleased?: string): MigrationState {
  const marker: ReleaseMarker = lastReleased
    ? { lastReleased }
    : (JSON.parse(fs.readFileSync(path.join(migrationsDir, RELEASE_MARKER), 'utf8')) as ReleaseMarker);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx);
  const at = entries.find((entry) => entry.tag === marker.lastReleased);
  if (!at) throw new Error(`${RELEASE_MARKER} names ${marker.lastReleased}, which is not in meta/_journal.json`);
  return {
    lastReleased: marker.lastReleased,
    released: releasedSchemaAt(path.join(migrationsDir, 'meta'), at.idx),
    unreleased: entries
      .filter((entry) => entry.idx > at.idx)
      .map((entry) => ({ tag: entry.tag, sql: fs.readFileSync(path.join(migrationsDir, `${entry.tag}.sql`), 'utf8') })),
  };
}
