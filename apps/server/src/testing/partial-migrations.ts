import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../platform/db';
import { testDriver } from './test-app';

// What a data-moving migration's test needs (decisions 0063, 0071–0073): an empty database of the run's
// driver, the migrations folder as it was up to the previous release, and a way to run a folder on it.

/** An empty database (no migration run): in-memory PGlite, or a fresh PostgreSQL database of its own. */
export async function openBlankDatabase(label: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDriver() === 'pglite')
    return { database: await openDatabase({ kind: 'pglite-memory' }), drop: async () => {} };
  const server = inject('postgresUrl') ?? '';
  const name = `fanline_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const drop = async () => {
    const again = new pg.Client({ connectionString: server });
    await again.connect();
    await again.query(`drop database if exists ${name}`);
    await again.end();
  };
  return { database, drop };
}

/** The migrations folder as it was up to `last`: the previous release's schema. */
export function migrationsUpTo(last: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  const end = journal.entries.findIndex((e: { tag: string }) => e.tag === last);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** Runs a migrations folder on the database with its own driver's migrator. */
export async function migrateFrom(database: Database, folder: string): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the migrators want their own driver's type
  const db = database.db as any;
  if (database.driver === 'pglite') await migratePglite(db, { migrationsFolder: folder });
  else await migratePg(db, { migrationsFolder: folder });
}
