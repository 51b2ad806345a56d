// runs-long: 100 s (builds and unpacks the release, starts it)
// not-quick: builds the release with npm and tar, unpacks it and starts it
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import webpush from 'web-push';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../../scripts/server-command.mjs';
import type { Database } from '../platform/db';
import {
  contiguousFreePorts,
  openTestDatabase,
  type S3StandIn,
  type SmtpCapture,
  startS3StandIn,
  startSmtpCapture,
  testDatabaseUrl,
  testDriver,
} from '../testing';
import { STRIPE_CONNECT_WEBHOOK_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../testing/stripe/kit';
import { type StripeStandIn, startStripeStandIn } from '../testing/stripe/stand-in';

// The release an operator installs (issue 38 points 2 and 4, decision 0043): `npm run release`'s
// tarball, installed by the lines of docs/operations.md §8 into an empty folder, started by the
// systemd unit's own command with deploy/fanline.env.example (secrets, addresses and services pointed
// at local stand-ins), answers readiness, lets the env file's super admin sign in, runs its operator
// commands as compiled code, and drains on SIGTERM. It packages the build `npm test` made just before
// (`--skip-build`: rebuilding would pull the web build from under the other test files); run alone
// without a build, it builds first.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const onPostgres = testDriver() === 'postgres';
// With DATABASE_URL the suite runs every *.int.test.ts twice; the artefact is made and run once, on PostgreSQL.
const postgresRunsIt = !onPostgres && inject('postgresUrl') !== null;
const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  engines: { node: string };
};
const VERSION = rootPackage.version;
const PUBLIC_HOST = 'fanline.example.com';

let work = '';
let out = '';
let database: Database | undefined;
let s3: S3StandIn | undefined;
let smtp: SmtpCapture | undefined;
let stripe: StripeStandIn | undefined;
let server: ChildProcess | undefined;

/** Folders of a real host, moved under the test's own folder. */
const moved = (text: string) =>
  text
    .replaceAll('/opt/fanline', `${work}/opt/fanline`)
    .replaceAll('/etc/fanline', `${work}/etc/fanline`)
    .replaceAll('/etc/systemd/system', `${work}/etc/systemd/system`)
    .replaceAll('/var/lib/fanline', `${work}/var/lib/fanline`);

beforeAll(async () => {
  if (postgresRunsIt) return;
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-release-')));
  out = path.join(work, 'out');
  const built = ['apps/server/dist/server.js', 'apps/server/dist/backup.js', 'apps/web/dist/index.html'].every((file) =>
    fs.existsSync(path.join(ROOT, file)),
  );
  execFileSync(process.execPath, ['scripts/release.mjs', '--out', out, ...(built ? ['--skip-build'] : [])], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  if (onPostgres) database = await openTestDatabase();
  [s3, smtp, stripe] = await Promise.all([
    startS3StandIn(['fanline-uploads']),
    startSmtpCapture(),
    startStripeStandIn({ secretKey: STRIPE_SECRET_KEY }),
  ]);
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await Promise.all([
    database?.close(),
    s3?.close(),
    smtp?.close(),
    stripe?.close(),
    // ~30,000 files unpacked: slow on a busy machine.
    work ? fs.promises.rm(work, { recursive: true, force: true }) : undefined,
  ]);
}, 300_000);

describe.skipIf(postgresRunsIt)('the release artefact', () => {
  test('npm run release writes the tarball, its checksum and a manifest of compiled code with production dependencies only', () => {
    const tarball = path.join(out, `fanline-${VERSION}.tar.gz`);
    const [sum, name] = fs.readFileSync(`${tarball}.sha256`, 'utf8').trim().split(/\s+/);
    expect(name).toBe(`fanline-${VERSION}.tar.gz`);
    expect(crypto.createHash('sha256').update(fs.readFileSync(tarball)).digest('hex')).toBe(sum);
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\n')
      .filter(Boolean);
    expect(listing.every((entry) => entry.startsWith(`fanline-${VERSION}/`))).toBe(true);
    const files = new Set(listing.map((entry) => entry.slice(`fanline-${VERSION}/`.length)));
    for (const file of [
      'MANIFEST.json',
      'package.json',
      'apps/server/package.json',
      'apps/server/dist/server.js',
      'apps/server/dist/backup.js',
      'apps/server/dist/restore.js',
      'apps/server/dist/storage-migrate.js',
      'apps/server/dist/db-reset.js',
      'apps/server/src/db/migrations/meta/_journal.json',
      'apps/web/dist/index.html',
      'apps/web/dist-ssr/entry-server.js',
      'node_modules/fastify/package.json',
      'node_modules/sharp/package.json',
      'node_modules/react/package.json',
      'deploy/fanline@.service',
      'deploy/fanline.env.example',
      'scripts/ensure-node.sh',
      'docs/operations.md',
    ]) {
      expect(files, file).toContain(file);
    }
    // No dev dependency, no TypeScript sources or loader.
    for (const devOnly of [
      'tsx',
      'typescript',
      'vite',
      'vitest',
      'esbuild',
      'drizzle-kit',
      '@biomejs',
      'pino-pretty',
    ]) {
      expect(
        [...files].some((file) => file.startsWith(`node_modules/${devOnly}/`)),
        devOnly,
      ).toBe(false);
    }
    // The web app's packages are compiled into its bundle and its server-side renderer, not installed.
    for (const webOnly of ['react-router', 'lucide-react', 'radix-ui', 'recharts', 'sonner', '@tanstack']) {
      expect(
        [...files].some((file) => file.startsWith(`node_modules/${webOnly}/`)),
        webOnly,
      ).toBe(false);
    }
    // A dependency's type declarations are not our sources (a workspace's own node_modules holds some:
    // the OpenTelemetry packages apps/server pins, decision 0061).
    expect([...files].filter((file) => /\.tsx?$/.test(file) && !/(^|\/)node_modules\//.test(file))).toEqual([]);
  });

  test('installed by the lines of docs/operations.md §8 and started by the unit with the example env file: ready, signed in, compiled ops commands, drained', async () => {
    // 1. The install, line by line as documented; root-only lines (useradd, systemctl) left out.
    const docs = fs.readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## 8. Installing a release'));
    const block = /```sh\n([\s\S]*?)```/.exec(section.slice(section.indexOf('**On each instance host**')))?.[1] ?? '';
    const lines = block.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
    expect(lines[0]).toMatch(/^VERSION=/);
    const rootOnly = lines.filter((line) => /^(useradd|systemctl) /.test(line));
    expect(rootOnly).toEqual([
      'useradd --system --home-dir /var/lib/fanline --shell /usr/sbin/nologin fanline',
      'systemctl daemon-reload',
      'systemctl enable --now fanline@1',
    ]);
    // ensure-node.sh finds Node 24.21.0 already in /opt/fanline/node (this test's own runtime) rather
    // than fetching 190 MB; .ci/run's fetch is the same script's other branch.
    const nodeDir = path.join(work, 'opt/fanline/node/bin');
    fs.mkdirSync(nodeDir, { recursive: true });
    fs.symlinkSync(process.execPath, path.join(nodeDir, 'node'));
    const hasSystemd = spawnSync('systemd-analyze', ['--version']).status === 0;
    const script = [
      'set -euo pipefail',
      `cd ${out}`,
      `VERSION=${VERSION}`,
      ...lines
        .slice(1)
        .filter((line) => !rootOnly.includes(line))
        .map((line) => {
          if (line.startsWith('systemd-analyze verify')) {
            // The copied unit names the host's paths; this one's are under the test folder.
            const unit = `${work}/etc/systemd/system/fanline@.service`;
            return hasSystemd
              ? `sed -i -e 's|/opt/fanline|${work}/opt/fanline|g' -e 's|/etc/fanline|${work}/etc/fanline|g' ${unit} && ${moved(line)} 2>&1`
              : `echo "systemd-analyze is not installed here: the unit is not verified"`;
          }
          return moved(line);
        }),
    ].join('\n');
    fs.mkdirSync(path.join(work, 'etc/systemd/system'), { recursive: true });
    const install = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    expect(install.stdout).toContain(`fanline-${VERSION}.tar.gz: OK`);
    expect(install.stdout).toContain('Node v24.21.0');
    if (hasSystemd) expect(install.stdout).not.toMatch(/Unknown|ignoring|not executable|Failed/);
    else console.log('systemd-analyze is not installed: deploy/fanline@.service was not verified');

    const current = path.join(work, 'opt/fanline/current');
    const manifest = JSON.parse(fs.readFileSync(path.join(current, 'MANIFEST.json'), 'utf8')) as {
      version: string;
      node: { required: string };
      start: string;
      files: Array<{ path: string; bytes: number; sha256: string }>;
    };
    expect(manifest.version).toBe(VERSION);
    expect(manifest.node.required).toBe(rootPackage.engines.node);
    expect(manifest.start).toBe(`node ${[...SERVER_NODE_FLAGS, SERVER_ENTRY].join(' ')}`);
    for (const file of manifest.files) {
      const bytes = fs.readFileSync(path.join(current, file.path));
      expect(crypto.createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
    }
    const releaseScripts = (
      JSON.parse(fs.readFileSync(path.join(current, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(Object.keys(releaseScripts).sort()).toEqual([
      'backup',
      'backup:files',
      'backup:record',
      'db:reset',
      'restore',
      'restore:files',
      'serve',
      'storage:migrate',
    ]);
    expect(Object.values(releaseScripts).join(' ')).not.toMatch(/tsx|--import/);

    // 2. The env file as installed, its placeholders filled the way an operator fills them.
    const envFile = path.join(work, 'etc/fanline/fanline.env');
    expect(fs.statSync(envFile).mode & 0o777).toBe(0o600);
    const vapid = webpush.generateVAPIDKeys();
    const adminPassword = crypto.randomBytes(18).toString('base64url');
    const filled: Record<string, string | null> = {
      DATABASE_URL: onPostgres && database ? await testDatabaseUrl(database) : null,
      APP_SECRET: crypto.randomBytes(48).toString('base64'),
      S3_ACCESS_KEY_ID: s3?.env().S3_ACCESS_KEY_ID ?? '',
      S3_SECRET_ACCESS_KEY: s3?.env().S3_SECRET_ACCESS_KEY ?? '',
      ADMIN_PASSWORD: adminPassword,
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET,
      SMTP_URL: smtp?.url ?? '',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      THREADS_CLIENT_ID: 'release-test-client',
      THREADS_CLIENT_SECRET: 'release-test-secret',
    };
    const env: Record<string, string> = {};
    for (const line of fs.readFileSync(envFile, 'utf8').split('\n')) {
      const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
      if (!match?.[1]) continue;
      const [, key, raw = ''] = match;
      // systemd's EnvironmentFile takes a value in double quotes without them (so does a shell).
      const value = /^"(.*)"$/.exec(raw)?.[1] ?? raw;
      if (value.includes('CHANGE-ME'))
        expect(Object.keys(filled), `${key} is a placeholder the test fills`).toContain(key);
      const replacement = filled[key];
      if (replacement === null) continue;
      env[key] = replacement ?? value;
    }
    const [port, metricsPort] = [await contiguousFreePorts(1), await contiguousFreePorts(1)];
    Object.assign(env, {
      // Addresses: this machine's loopback instead of every interface; HAProxy is this test.
      HOST: '127.0.0.1',
      METRICS_HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      S3_ENDPOINT: s3?.endpoint ?? '',
      S3_FORCE_PATH_STYLE: 'true',
      STRIPE_API_URL: stripe?.url ?? '',
    });

    // 3. The unit's own command and environment (fanline@1), its ports moved to free ones.
    const unit = fs.readFileSync(path.join(ROOT, 'deploy/fanline@.service'), 'utf8');
    const setting = (key: string) =>
      [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => (m[1] ?? '').replaceAll('%i', '1'));
    for (const assignment of setting('Environment')) {
      const [key = '', ...rest] = assignment.split('=');
      env[key] = moved(rest.join('='));
    }
    expect(env).toMatchObject({ INSTANCE_ID: 'fanline-1', PORT: '3101', METRICS_PORT: '9101' });
    env.PORT = String(port);
    env.METRICS_PORT = String(metricsPort);
    fs.mkdirSync(env.DATA_DIR ?? '', { recursive: true });
    const [command = '', ...commandArgs] = moved(setting('ExecStart')[0] ?? '').split(' ');
    const cwd = moved(setting('WorkingDirectory')[0] ?? '');
    expect(cwd).toBe(current);
    let output = '';
    server = spawn(command, commandArgs, { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));

    // 4. Readiness, as HAProxy asks, then a sign-in, as a browser through HAProxy.
    const base = `http://127.0.0.1:${port}`;
    let ready: Reply | undefined;
    const deadline = Date.now() + 90_000;
    while (ready?.status !== 200) {
      if (server.exitCode !== null) throw new Error(`the release exited (${server.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the release did not become ready:\n${output}`);
      ready = await request(`${base}/api/health/ready`).catch(() => undefined);
      if (ready?.status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(JSON.parse(ready?.body ?? '{}')).toMatchObject({ instance: 'fanline-1', version: VERSION });
    const signIn = await request(`${base}/api/auth/sign-in`, {
      method: 'POST',
      body: JSON.stringify({ email: env.ADMIN_EMAIL, password: adminPassword }),
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookie = signIn.cookies.join('; ');
    const session = await request(`${base}/api/auth/session`, { cookie });
    expect(JSON.parse(session.body).user).toMatchObject({ email: env.ADMIN_EMAIL });
    const page = await request(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"');
    // Rendered on the server (the HTML shell has an empty root), by a renderer whose packages are compiled in.
    expect(page.body).toContain('Skip to content');
    const metrics = await request(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.body).toContain(`fanline_instance_info{instance="fanline-1",version="${VERSION}"`);

    // 5. The production dependencies' native and WebAssembly parts, and the operator commands, run
    //    from the release with its Node first on PATH and no TypeScript loader.
    const opsEnv = { PATH: `${path.join(work, 'opt/fanline/node/bin')}:${process.env.PATH ?? ''}`, ...env };
    const sharp = await run(
      'node',
      [
        '--input-type=module',
        '-e',
        "import sharp from 'sharp'; const out = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).webp().toBuffer(); console.log('webp', out.length);",
      ],
      { cwd: current, env: opsEnv },
    );
    expect(sharp.stdout, sharp.stderr).toMatch(/^webp \d+/);
    expect(fs.existsSync(path.join(current, 'node_modules/tsx'))).toBe(false);
    // Not spawnSync: the bucket, like the other stand-ins, answers from this process's event loop.
    const migrate = await run('npm', ['run', 'storage:migrate'], { cwd: current, env: opsEnv });
    expect(migrate.status, `${migrate.stdout}\n${migrate.stderr}`).toBe(0);
    expect(migrate.stdout).toContain('node scripts/ops.mjs storage-migrate');
    expect(migrate.stdout).toMatch(/Copied 0 file\(s\); skipped 0 already in the bucket\./);
    if (onPostgres) {
      const target = path.join(work, 'backup');
      const backup = await run('npm', ['run', 'backup', '--', target], { cwd: current, env: opsEnv });
      expect(backup.status, `${backup.stdout}\n${backup.stderr}`).toBe(0);
      expect(fs.existsSync(path.join(target, 'manifest.json'))).toBe(true);
    }

    // 6. A rolling deploy's stop: drained, exit 0.
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('drained; exiting');
  }, 300_000);
});

function run(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

interface Reply {
  status: number;
  body: string;
  cookies: string[];
}

/** A request as HAProxy forwards a browser's: the public Host, https, the client's address, and the site's Origin on writes. */
function request(url: string, options: { method?: string; body?: string; cookie?: string } = {}): Promise<Reply> {
  const method = options.method ?? 'GET';
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: {
          host: PUBLIC_HOST,
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '203.0.113.7',
          ...(method !== 'GET' ? { origin: `https://${PUBLIC_HOST}`, 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? ''),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
