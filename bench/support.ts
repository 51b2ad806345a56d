import { buildApp } from '@fanline/server/app';
import { type Database, loadConfig, migrateDatabase, openDatabase } from '@fanline/server/testing';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

/** A migrated database: the PostgreSQL of DATABASE_URL (a fresh schema is not made: use a scratch database) or in-memory PGlite. */
export async function openBenchDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const database = url ? await openDatabase({ kind: 'postgres', url }) : await openDatabase({ kind: 'pglite-memory' });
  await migrateDatabase(database);
  return database;
}

export async function startBenchServer(
  database: Database,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  // Benchmarks send messages through the built-in test checkout, which production takes only when asked.
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    // The benches run over plain HTTP on loopback (decision 0044: a lab may, by name).
    ALLOW_HTTP_PUBLIC_URL: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/fanline-bench',
    PORT: '0',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  // A bench may ask for a port of its own (env.PORT) and a deep accept queue (thousands of streams at once).
  const url = await app.listen({ host: '127.0.0.1', port: Number(env.PORT ?? 0), backlog: 4096 });
  return { app, url };
}

export interface Result {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Mean latency in ms (the cluster bench subtracts two of them). */
  mean: number;
  errors: number;
}

/** Runs one bounded autocannon load against loopback and returns its figures. */
export async function load(name: string, url: string, seconds = 5, connections = 10): Promise<Result> {
  const result = await autocannon({ url, duration: seconds, connections });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.non2xx,
  };
}

export function printResults(title: string, results: Result[]): void {
  console.log(`\n${title}`);
  console.log('  endpoint                               req/s   p50 ms   p99 ms  errors');
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(36)} ${String(r.requestsPerSecond).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)}`,
    );
  }
}
