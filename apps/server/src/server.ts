import { buildApp } from './app';
import { demoCredentialsFile, openConfiguredDatabase, prepareDemoData, prepareSuperAdmin } from './bootstrap';
import { formatLogins } from './db/seed/demo-data';
import { seedDemoUseCases } from './db/seed/demo-use-cases';
import { startJobs } from './jobs/run-jobs';
import { ConfigError, loadConfig } from './platform/config';
import { DirectoryLockedError } from './platform/dir-lock';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  let demo: Awaited<ReturnType<typeof prepareDemoData>>;
  try {
    demo = await prepareDemoData(config, database);
    await prepareSuperAdmin(config, database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let stopJobs: (() => Promise<void>) | undefined;
  app.addHook('preClose', async () => {
    await stopJobs?.();
  });
  if (demo?.fresh) {
    // Last before listening: after ready() no hook can be added.
    await app.ready();
    await seedDemoUseCases(app, demo.creatorPassword);
  }
  await app.listen({ host: config.host, port: config.port });
  stopJobs = startJobs(app);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nFanline is running at ${config.publicUrl} (database: ${where})`);
  if (config.payments.provider === 'local') {
    console.log(
      config.env === 'production'
        ? 'DEMO: payments go through the built-in test checkout (ALLOW_TEST_PAYMENTS=true); no money is collected.'
        : 'Payments go through the built-in test checkout (no STRIPE_SECRET_KEY); no money is collected.',
    );
  }
  if (config.env === 'production' && config.demoMode) {
    // Loud on purpose: a real deployment must never run with this (decision 0024).
    console.warn(
      '\n*** DEMO_MODE=true: this server is a DEMO. Without a Threads app, creators are "verified" by a\n' +
        '*** labelled simulation that checks nothing. Never set DEMO_MODE on a real deployment. ***\n',
    );
  }
  if (demo && (demo.fresh || config.env !== 'production')) {
    console.log(`${formatLogins(demo.logins, demo.creatorPassword)}\n`);
  } else if (demo) {
    console.log(`Demo data is on; the demo logins of this data directory are in ${demoCredentialsFile(config)}\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('Fanline failed to start:', error);
  }
  process.exit(1);
});
