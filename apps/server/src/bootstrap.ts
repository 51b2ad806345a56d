import fs from 'node:fs';
import path from 'node:path';
import { type DemoLogin, generateDemoPasswords, retirePublishedPasswords, seedDemoData } from './demo/demo-data';
import { seedDemoEarnings } from './demo/demo-earnings';
import { ensureSuperAdmin, hasSuperAdmin, SuperAdminError, type SuperAdminOutcome } from './modules/auth';
import { type Config, ConfigError } from './platform/config';
import { type Database, migrateDatabase, openDatabase, type PostgresSettings } from './platform/db';

export function pgliteDir(config: Config): string {
  return path.join(config.dataDir, 'pglite');
}

/** Opens the configured database (PGlite under DATA_DIR without DATABASE_URL) and migrates it. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, ...postgresSettings(config) })
    : await openDatabase({ kind: 'pglite', dataDir: pgliteDir(config) });
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The operator's DATABASE_* settings (platform/config.ts) as the pool takes them. */
export function postgresSettings(config: Config): PostgresSettings {
  const { poolMax, ...rest } = config.database;
  return { max: poolMax, ...rest };
}

/** What a demo seeding generated, kept in DATA_DIR/demo-logins.json (mode 600) for that data directory. */
export interface DemoCredentials {
  /** Every demo creator (and the demo fan) signs in with this password. */
  creatorPassword: string;
  logins: DemoLogin[];
}

export function demoCredentialsFile(config: Config): string {
  return path.join(config.dataDir, 'demo-logins.json');
}

/**
 * Seeds demo data into an empty database (never re-seeds one that has users) with passwords
 * generated for this data directory, and returns the logins: `fresh` when this start created them.
 * Null when demo data is off, or the database holds data this data directory has no logins for.
 */
export async function prepareDemoData(
  config: Config,
  database: Database,
): Promise<(DemoCredentials & { fresh: boolean }) | null> {
  const passwords = generateDemoPasswords();
  const file = demoCredentialsFile(config);
  // A database seeded before passwords were generated still opens with the published ones: never
  // again. Without demo data on, the new passwords are thrown away (those accounts stay locked). A
  // data directory with generated logins was seeded by this code and needs no check.
  const retired = fs.existsSync(file) ? [] : await retirePublishedPasswords(database.db, passwords);
  if (!config.seedDemoData) return null;
  const logins = (await seedDemoData({ db: database.db, passwords, withAdmin: !config.admin })) ?? retired;
  if (logins.length > 0) {
    const credentials: DemoCredentials = { creatorPassword: passwords.demo, logins };
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.rmSync(file, { force: true });
    fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    await seedDemoEarnings({ config, database });
    return { ...credentials, fresh: true };
  }
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCredentials;
    return { ...kept, fresh: false };
  } catch {
    return null;
  }
}

/**
 * The super admin (ARCHITECTURE §4): the configured ADMIN_EMAIL account is created or confirmed; a
 * production server refuses to start without any super admin, since nobody could run the platform.
 */
export async function prepareSuperAdmin(config: Config, database: Database): Promise<SuperAdminOutcome | null> {
  try {
    const outcome = config.admin ? await ensureSuperAdmin(database.db, config.admin) : null;
    if (config.env === 'production' && !(await hasSuperAdmin(database.db))) {
      throw new ConfigError(
        'Invalid configuration:\n  ADMIN_EMAIL, ADMIN_PASSWORD: required in production to create the super admin account',
      );
    }
    return outcome;
  } catch (error) {
    if (error instanceof SuperAdminError) throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
}
