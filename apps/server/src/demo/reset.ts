import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { openConfiguredDatabase, pgliteDir, postgresSettings, prepareDemoData, prepareSuperAdmin } from '../bootstrap';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';
import { acquireDirectoryLock } from '../platform/dir-lock';
import { seedDemoActivity } from './demo-activity';
import { formatLogins } from './demo-data';

/** `npm run db:reset`: throws the database away, migrates a new one and seeds the demo data. */
async function reset(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl, ...postgresSettings(config) });
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await database.close();
  } else {
    const dir = pgliteDir(config);
    // Refuses while a server holds the directory, rather than corrupting it underneath.
    acquireDirectoryLock(`${dir}.lock`).release();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(config.uploadsDir, { recursive: true, force: true });
  }
  const database = await openConfiguredDatabase({ ...config, seedDemoData: true });
  try {
    const demo = await prepareDemoData({ ...config, seedDemoData: true }, database);
    await prepareSuperAdmin(config, database);
    if (demo) {
      const app = await buildApp({ config, database, logger: false });
      await seedDemoActivity(app, demo.creatorPassword);
      await app.close();
    }
    console.log('Database reset.');
    if (demo) console.log(formatLogins(demo.logins, demo.creatorPassword));
  } finally {
    await database.close();
  }
}

reset().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
