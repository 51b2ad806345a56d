import { and, eq, sql } from 'drizzle-orm';
import { listStuckJobs, settleStuckJob } from '../admin';
import { adminUsers, users } from '../db/schema';
import { systemClock } from '../platform/clock';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../platform/db';

const USAGE = `usage: npm run outbox -- list
       npm run outbox -- retry <id> --admin <admin email>
       npm run outbox -- drop <id> --admin <admin email>`;

/**
 * `npm run outbox -- list|retry|drop` (issue 35, decision 0039): the dead outbox rows, and what the
 * admin portal's Stuck jobs screen does with one, from a shell. A retry or a drop names the admin it is
 * done as (an active admin's email), and writes that admin's audit row in the same transaction. It
 * opens DATABASE_URL (or the embedded database under DATA_DIR, which only works while the server is
 * stopped: PGlite has one process). Exit 0 on success, 1 on a failure, 2 on a usage error.
 */
async function main(argv: string[]): Promise<number> {
  const [command, idText, ...rest] = argv;
  if (command !== 'list' && command !== 'retry' && command !== 'drop') {
    console.error(USAGE);
    return 2;
  }
  // The arguments are checked before the database is opened.
  const id = Number(idText);
  const adminFlag = rest.indexOf('--admin');
  const adminEmail = adminFlag >= 0 ? rest[adminFlag + 1] : undefined;
  if (command !== 'list' && (!Number.isSafeInteger(id) || id <= 0 || !adminEmail)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, max: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: `${config.dataDir}/pglite` });
  const ctx = { db: database.db, clock: systemClock };
  try {
    if (command === 'list') {
      const { jobs } = await listStuckJobs(ctx);
      if (jobs.length === 0) {
        console.log('No stuck jobs: no outbox row is dead.');
        return 0;
      }
      for (const job of jobs) {
        const chain = job.orderingKey ? ` chain ${job.orderingKey},` : '';
        console.log(
          `${job.id}\t${job.kind}\t${job.key}\t${job.attempts} attempts,${chain} ${job.waiting} waiting\t${job.failedAt.toISOString()}\t${job.lastError ?? ''}`,
        );
      }
      return 0;
    }
    const [admin] = await database.db
      .select({ id: adminUsers.userId })
      .from(adminUsers)
      .innerJoin(users, eq(users.id, adminUsers.userId))
      .where(and(sql`lower(${users.email}) = ${adminEmail?.toLowerCase()}`, eq(adminUsers.isActive, true)));
    if (!admin) {
      console.error(`${adminEmail} is not an active admin: the change is audited as theirs.`);
      return 1;
    }
    try {
      const { outcome } = await settleStuckJob(ctx, { adminId: admin.id, id, action: command });
      console.log(
        outcome === 'retried'
          ? `Outbox row ${id} is pending again; the jobs carry it out on their next pass.`
          : `Outbox row ${id} is dropped; the rows behind it may run.`,
      );
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return 1;
    }
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`outbox failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
