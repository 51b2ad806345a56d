import { buildApp } from './app';
import { demoCredentialsFile, openConfiguredDatabase, prepareDemoData, prepareSuperAdmin } from './bootstrap';
import { formatLogins } from './demo/demo-data';
import { seedDemoUseCases } from './demo/demo-use-cases';
import { startJobs } from './jobs/run-jobs';
import { registerInstanceHeartbeat } from './modules/health';
import { ConfigError, loadConfig } from './platform/config';
import { DirectoryLockedError } from './platform/dir-lock';
import { appVersion, instanceId } from './platform/instance';
import { startMetricsListener } from './platform/metrics';
import { startTracing, stopTracing } from './platform/tracing';

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything is built: the app registers Fastify's instrumentation, the database PGlite's.
  const tracing = await startTracing({
    ...config.tracing,
    serviceVersion: appVersion,
    instanceId,
  });
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
  // Admin › System lists the instances by their beats (decision 0064); only a serving process beats,
  // not the seed or the operator's commands that build an app.
  registerInstanceHeartbeat(app);

  let metricsListener: Awaited<ReturnType<typeof startMetricsListener>> | undefined;
  let closing = false;
  /**
   * The graceful stop of a rolling deploy (decision 0033): readiness turns 503 and the event streams
   * are told to reconnect at once (app.drain); after SHUTDOWN_DELAY_MS (0 by default) the listener
   * closes, in-flight requests and the jobs batch finish, the database closes, and the process exits
   * 0, or 1 if that took longer than SHUTDOWN_GRACE_MS.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { graceMs, delayMs } = config.shutdown;
    app.log.info({ signal, graceMs, delayMs }, 'draining: readiness is 503, streams are told to reconnect');
    const force = setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown took longer than SHUTDOWN_GRACE_MS; exiting with in-flight work cut off');
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      app.drain.begin();
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await app.close();
      await metricsListener?.close();
      // The spans still buffered go to the collector before the process ends.
      await stopTracing().catch((error: unknown) =>
        app.log.warn({ err: error }, 'tracing: the last spans were not sent'),
      );
      app.log.info({ signal }, 'drained; exiting');
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
  if (config.metrics.port) {
    metricsListener = await startMetricsListener(app.metrics, {
      host: config.metrics.host,
      port: config.metrics.port,
      onError: (error) => app.log.error({ err: error }, 'metrics: the scrape failed'),
    });
    console.log(`Metrics (internal): ${metricsListener.url}`);
  }
  if (tracing) console.log(`Traces (OpenTelemetry): ${config.tracing.endpoint}/v1/traces`);
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nFanline is running at ${config.publicUrl} (database: ${where}; ${instanceId}, version ${appVersion})`);
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
