import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { users } from '../db/schema';
import { seedDemoActivity } from '../db/seed/demo-activity';
import { DEMO_ADMIN, DEMO_FAN, type DemoLogin, seedDemoData } from '../db/seed/demo-data';
import type { Config } from './config';
import { type Database, migrateDatabase, openDatabase } from './db';

export function pgliteDir(config: Config): string {
  return path.join(config.dataDir, 'pglite');
}

/** Opens the configured database (PGlite under DATA_DIR without DATABASE_URL) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDir(config) });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * Seeds demo data into an empty database (never re-seeds one that has users) and returns the demo
 * logins to print, or null when there are none.
 */
export async function prepareDemoData(config: Config, database: Database): Promise<DemoLogin[] | null> {
  if (!config.seedDemoData) return null;
  const seeded = await seedDemoData({ db: database.db });
  if (seeded) {
    await seedDemoActivity({ config, database });
    return seeded;
  }
  const present = await database.db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [DEMO_FAN.email, DEMO_ADMIN.email]));
  if (present.length < 2) return null;
  return [
    { role: 'creator', email: 'mayastyle@fanline.test', password: DEMO_FAN.password, username: 'mayastyle' },
    { role: 'fan', ...DEMO_FAN, username: 'demofan' },
    { role: 'admin', ...DEMO_ADMIN },
  ];
}
