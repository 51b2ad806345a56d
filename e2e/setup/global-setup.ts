import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type DemoCredentials,
  startInstagramStandIn,
  startSmtpCapture,
  startThreadsStandIn,
} from '@fanline/server/testing';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../scripts/server-command.mjs';
import { ARGS, assertFeaturesKept, CHROMIUM } from '../support/chromium';
import { freePort } from '../support/free-port';

/** One server under test and its stand-ins; each vitest worker has its own (e2e/support/server.ts). */
export interface ServerUnderTest {
  baseUrl: string;
  /** Mails the server sent, one JSON file each (see e2e/support/mail.ts). */
  mailDir: string;
  /** The Instagram-style data service stand-in, for its test controls. */
  instagramStandInUrl: string;
  /** The demo logins the server generated for its data directory (e2e/support/auth.ts). */
  demoLogins: DemoCredentials;
  /**
   * The worker's one Chromium (a Playwright browser server): each file connects to it and opens
   * contexts of its own, instead of launching a browser per file (support/browser.ts).
   */
  browserWsEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Index i serves the worker whose VITEST_POOL_ID is i + 1. */
    servers: ServerUnderTest[];
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the real, built server once per worker, as `npm start`'s demo mode serves it (a production
 * server opted into demo data and the test checkout), each on a free port with a data directory of its
 * own: the files of several workers run at once and must not see each other's payments, mails or sign-in
 * limits. The demo data is seeded once, through the real use cases, and copied: seeding (a month of
 * paid messages and payouts) is most of a first start. The demo passwords are generated
 * per data directory; the journeys read them from the file the server keeps there.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, SERVER_ENTRY))) {
    throw new Error(`The compiled server (${SERVER_ENTRY}) is missing: run \`npm run build\` first.`);
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-e2e-'));
  const running: Started[] = [];
  const stopAll = async () => {
    await Promise.all(running.map((s) => s.stop()));
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const seeded = path.join(root, 'seeded');
    const seeder = await startRetrying(root, seeded, 'seed');
    const code = await seeder.stop();
    // Only a clean stop closes the embedded database, so that its directory can be copied.
    if (code !== 0) throw new Error(`The seeding server stopped with ${code}; see e2e/artifacts/seed.log`);
    const starts = await Promise.allSettled(
      // One server and one browser per worker: vitest numbers its workers 1..maxWorkers (VITEST_POOL_ID).
      Array.from({ length: project.config.maxWorkers }, async (_, i) => {
        const dataDir = path.join(root, `server-${i + 1}`);
        const started = await startRetrying(root, dataDir, `server-${i + 1}`, seeded);
        try {
          return await withBrowser(started);
        } catch (error) {
          await started.stop();
          throw error;
        }
      }),
    );
    for (const start of starts) if (start.status === 'fulfilled') running.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stopAll();
    throw error;
  }
  project.provide(
    'servers',
    running.map((s) => s.underTest),
  );
  return stopAll;
}

/**
 * freePort() frees the port it found before the server takes it, so a stand-in of another server
 * starting at the same moment can be given it (seen once: EADDRINUSE). Such a start is tried again
 * on a new port, from a fresh copy of the seeded data; any other failure is final.
 */
async function startRetrying(
  root: string,
  dataDir: string,
  name: string,
  seeded?: string,
): Promise<Started<Omit<ServerUnderTest, 'browserWsEndpoint'>>> {
  for (let attempt = 1; ; attempt++) {
    if (seeded) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.cpSync(seeded, dataDir, { recursive: true });
    }
    try {
      return await startServer(root, dataDir, name);
    } catch (error) {
      const log = fs.readFileSync(path.join(ROOT, `e2e/artifacts/${name}.log`), 'utf8');
      if (attempt >= 3 || !log.includes('EADDRINUSE')) throw error;
    }
  }
}

/** Launches the worker's Chromium beside its server; stopping the server closes it too. */
async function withBrowser(started: Started<Omit<ServerUnderTest, 'browserWsEndpoint'>>): Promise<Started> {
  const browser: BrowserServer = await chromium.launchServer({ executablePath: CHROMIUM, args: ARGS, headless: true });
  try {
    assertFeaturesKept(browser.process().spawnargs);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    underTest: { ...started.underTest, browserWsEndpoint: browser.wsEndpoint() },
    async stop() {
      await browser.close().catch(() => {});
      return started.stop();
    },
  };
}

interface Started<T = ServerUnderTest> {
  underTest: T;
  /** Stops the server and its stand-ins; resolves with the server's exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the server on `dataDir` with stand-ins of its own. Its mails go to a folder beside the data
 * directory, not inside it, so a copy of the seeded directory brings no mails along.
 */
async function startServer(
  root: string,
  dataDir: string,
  name: string,
): Promise<Started<Omit<ServerUnderTest, 'browserWsEndpoint'>>> {
  const mailDir = path.join(root, `${name}-mail`);
  fs.mkdirSync(mailDir, { recursive: true });
  let mailCount = 0;
  // A real SMTP server: the app sends through nodemailer as it would to any relay, and with SMTP
  // configured it requires email confirmation, as production would.
  const smtp = await startSmtpCapture({
    onMail: (mail) =>
      fs.writeFileSync(path.join(mailDir, `${String(++mailCount).padStart(5, '0')}.json`), JSON.stringify(mail)),
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Threads verification runs the real OAuth flow against a local provider with a consent page.
  const threads = await startThreadsStandIn({
    clientId: 'e2e-threads-client',
    clientSecret: 'e2e-threads-secret',
    redirectUri: `${baseUrl}/auth/threads/callback`,
    interactive: true,
  });
  // The Instagram-style lookup: 'outside_star' is an off-platform account; names with 'quota' get a 429.
  const instagram = await startInstagramStandIn();
  const logPath = path.join(ROOT, `e2e/artifacts/${name}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.createWriteStream(logPath);

  // The compiled server production runs (`npm run build`, decision 0033), with plain node and
  // production's flags (scripts/server-command.mjs): no TypeScript loader.
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
      // As scripts/serve.mjs sets it; with the Threads stand-in configured, verification is real OAuth.
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      // Every browser in the run signs in from 127.0.0.1; the per-email limit still applies.
      AUTH_IP_LIMIT: '10000',
      // Every page the run closes sends its Web Vitals beacon from 127.0.0.1 too.
      VITALS_IP_LIMIT: '10000',
      // ...and every page view (security review F5's per-address page limit is its own test's concern).
      PAGE_VIEW_LIMIT: '100000',
      THREADS_CLIENT_ID: 'e2e-threads-client',
      THREADS_CLIENT_SECRET: 'e2e-threads-secret',
      THREADS_AUTH_URL: `${threads.url}/oauth/authorize`,
      THREADS_API_URL: threads.url,
      INSTAGRAM_LOOKUP_URL: instagram.url,
      INSTAGRAM_LOOKUP_KEY: instagram.key,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const stop = async () => {
    // SIGTERM is a graceful stop: the server closes the embedded database before it exits.
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    const code = await exited;
    await Promise.all([smtp.close(), threads.close(), instagram.close()]);
    return code;
  };

  try {
    await waitForHealth(baseUrl, server, logPath);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    underTest: {
      baseUrl,
      mailDir,
      instagramStandInUrl: instagram.url,
      demoLogins: JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-logins.json'), 'utf8')),
    },
    stop,
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logPath: string): Promise<void> {
  // A first start migrates and seeds the demo data through the real use cases (a month of paid
  // messages and payouts); on a busy shared machine that alone can take a minute or two.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited (${server.exitCode}) before it was ready; see ${logPath}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGKILL');
  throw new Error(`The server did not become healthy within 240 s; see ${logPath}`);
}
