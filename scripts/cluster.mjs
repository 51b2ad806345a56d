#!/usr/bin/env node
// `npm run cluster` (after `npm run build`): the deployment shape of deploy/ on one machine (docs/operations.md §1, decision
// 0035). A fresh PostgreSQL database, an S3-compatible store (s3rver), N instances of the production
// server sharing one app secret and one push key pair, and HAProxy in front with deploy/haproxy.cfg.
// Ctrl-C (SIGINT or SIGTERM) stops everything it started. Ports and names come from the environment
// so tests and benches can run a cluster of their own beside `npm run cluster`:
//   DATABASE_URL       the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
//   CLUSTER_DB         the database it drops and creates (fanline_cluster)
//   CLUSTER_TLS_PORT   HAProxy's HTTPS port, the public address https://localhost:<port> (3443)
//   CLUSTER_PORT       HAProxy's plain-HTTP port, which redirects to HTTPS (3100)
//   CLUSTER_BASE_PORT  instance i listens on CLUSTER_BASE_PORT + i (3100: 3101, 3102, 3103)
//   CLUSTER_INSTANCES  how many instances (3, at most 6: deploy/haproxy.cfg's server lines)
//   CLUSTER_S3_PORT    s3rver's port (4569); CLUSTER_S3_BUCKET the bucket (fanline)
//   CLUSTER_DIR        data directories, s3rver's files, logs and cluster.json (.cluster)
//   CLUSTER_SEED       false: no demo data (the cluster's tests make their own accounts)
//   CLUSTER_METRICS_BASE_PORT  instance i serves /metrics on 127.0.0.1:(this + i) (9100: 9101..), or off
// `npm run cluster -- --bus nats` carries live events through NATS JetStream instead of LISTEN/NOTIFY
// (issue 39, decision 0066): it starts Debian's nats-server with JetStream on loopback, its store under
// CLUSTER_DIR, and sets EVENT_BUS=nats on every instance:
//   CLUSTER_NATS_PORT  nats-server's client port (3122); CLUSTER_BUS=nats is the same as --bus nats
// SIGHUP rolls the cluster: each instance in turn is stopped (SIGTERM: it drains) and started again on
// its port, as a rolling deploy does; cluster.json then counts the rolls.
// `npm run cluster -- --observe` also starts Prometheus and Alertmanager on loopback with the rules of
// deploy/prometheus/ (issue 40, decision 0059), scraping every instance:
//   CLUSTER_PROMETHEUS_PORT (9090), CLUSTER_ALERTMANAGER_PORT (9093)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import webpush from 'web-push';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-command.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
// How an instance starts: the compiled server `npm run build` writes, with plain node and the flags a real
// deployment gives it (scripts/server-command.mjs, deploy/fanline@.service; decision 0033).
const SERVER_COMMAND = [...SERVER_NODE_FLAGS, SERVER_ENTRY];
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const PROMETHEUS = '/usr/bin/prometheus';
const ALERTMANAGER = '/usr/bin/prometheus-alertmanager';
const READY_TIMEOUT_MS = 240_000;

const env = process.env;
// The pinned AWS SDK says once that its releases after January 2027 need Node 22 (decision 0032).
env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const settings = {
  adminUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432',
  database: env.CLUSTER_DB || 'fanline_cluster',
  port: Number(env.CLUSTER_PORT || 3100),
  tlsPort: Number(env.CLUSTER_TLS_PORT || 3443),
  basePort: Number(env.CLUSTER_BASE_PORT || 3100),
  instances: Number(env.CLUSTER_INSTANCES || 3),
  s3Port: Number(env.CLUSTER_S3_PORT || 4569),
  bucket: env.CLUSTER_S3_BUCKET || 'fanline',
  dir: path.resolve(env.CLUSTER_DIR || path.join(ROOT, '.cluster')),
  seed: env.CLUSTER_SEED !== 'false',
  // Each instance's /metrics on an internal port (decision 0033): 9101.. by default, "off" for none.
  metricsBasePort: env.CLUSTER_METRICS_BASE_PORT === 'off' ? null : Number(env.CLUSTER_METRICS_BASE_PORT || 9100),
  observe: process.argv.includes('--observe'),
  bus: busArgument() ?? env.CLUSTER_BUS ?? 'pg',
  natsPort: Number(env.CLUSTER_NATS_PORT || 3122),
  prometheusPort: Number(env.CLUSTER_PROMETHEUS_PORT || 9090),
  alertmanagerPort: Number(env.CLUSTER_ALERTMANAGER_PORT || 9093),
};
if (settings.observe && !settings.metricsBasePort)
  fail('--observe needs the metrics listeners (CLUSTER_METRICS_BASE_PORT)');
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(settings.database)) fail(`CLUSTER_DB "${settings.database}" is not a plain name`);
if (!(settings.instances >= 1 && settings.instances <= 6)) fail('CLUSTER_INSTANCES must be 1 to 6');
if (settings.bus !== 'pg' && settings.bus !== 'nats') fail(`--bus must be pg or nats, not "${settings.bus}"`);

/** Everything started, newest last; stopped in reverse. */
const started = { instances: [], haproxy: null, s3: null, observers: [], nats: null };
/** What every instance starts with (main), for the instances a roll starts again. */
let sharedEnv = null;
let rolls = 0;
let rolling = false;
let summaryFacts = null;
/** The certificate made at start (makeCertificate): HAProxy serves it, clients of the cluster trust it. */
let tls = null;
let stopping = false;

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGHUP', () => void roll());

try {
  await main();
} catch (error) {
  console.error(`\nThe cluster did not start: ${error instanceof Error ? error.message : error}`);
  await stop('error', 1);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, SERVER_ENTRY))) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (\`npm run cluster\` does)`);
  }
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-haproxy.mjs')], { stdio: 'inherit' });
  // A fresh cluster forgets the last one's files; never a directory the cluster did not make.
  const previous = fs.existsSync(settings.dir) ? fs.readdirSync(settings.dir) : [];
  if (previous.length > 0 && !previous.includes('logs')) {
    throw new Error(`CLUSTER_DIR ${settings.dir} is not empty and holds no cluster; choose another directory`);
  }
  fs.rmSync(settings.dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(settings.dir, 'logs'), { recursive: true });

  const databaseUrl = await freshDatabase();
  const s3Endpoint = await startObjectStore();
  const natsUrl = settings.bus === 'nats' ? await startNats() : null;
  const vapid = webpush.generateVAPIDKeys();
  tls = makeCertificate();
  // HTTPS, as a real deployment (decision 0044): HAProxy ends TLS, the instances see
  // X-Forwarded-Proto: https, set the __Host- session cookie and send HSTS.
  const publicUrl = `https://localhost:${settings.tlsPort}`;
  // Everything that must match across instances is made once here: a token signed by one instance
  // (OAuth state, unsubscribe links) is checked by another, and a browser subscribed to push through
  // one instance is pushed to by any.
  const shared = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: databaseUrl,
    APP_SECRET: randomBytes(36).toString('base64url'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    // The demo, as `npm start` serves it (scripts/serve.mjs): no money is collected.
    ALLOW_TEST_PAYMENTS: env.ALLOW_TEST_PAYMENTS ?? 'true',
    DEMO_MODE: env.DEMO_MODE ?? 'true',
    // HAProxy connects from 127.0.0.1 and writes the one X-Forwarded-For entry (deploy/haproxy.cfg).
    TRUST_PROXY: '127.0.0.1',
    S3_BUCKET: settings.bucket,
    S3_ENDPOINT: s3Endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS ?? '10000',
    // A stopping instance keeps serving (readiness 503, every answer `Connection: close`) until HAProxy
    // has taken it out of rotation (its checks: down within about 1 s), and only then closes: a request on
    // a connection HAProxy kept open would otherwise get the closing server's 503, which a POST is not
    // retried on (deploy/haproxy.cfg). As deploy/fanline.env.example sets it.
    SHUTDOWN_DELAY_MS: env.SHUTDOWN_DELAY_MS ?? '2000',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    ...(natsUrl ? { EVENT_BUS: 'nats', NATS_URL: natsUrl, NATS_STREAM: env.NATS_STREAM ?? 'fanline-events' } : {}),
  };
  sharedEnv = shared;

  // The first instance migrates the fresh database and seeds the demo data alone; the others start
  // once it is ready, so no two migrate or seed at once.
  const first = await startInstance(1, shared);
  const logins = path.join(first.dataDir, 'demo-logins.json');
  const rest = [];
  for (let i = 2; i <= settings.instances; i++) rest.push(i);
  await Promise.all(
    rest.map((i) => {
      const dataDir = instanceDir(i);
      fs.mkdirSync(dataDir, { recursive: true });
      // Their data directories know the logins too, so they skip the published-password check.
      if (fs.existsSync(logins)) fs.copyFileSync(logins, path.join(dataDir, 'demo-logins.json'));
      return startInstance(i, shared);
    }),
  );
  await startHaproxy();
  if (settings.observe) await startObservers();
  summaryFacts = { publicUrl, databaseUrl, s3Endpoint, natsUrl };
  writeSummary(summaryFacts);
  await printWelcome({ publicUrl, databaseUrl, s3Endpoint, natsUrl, logins });
}

function busArgument() {
  const at = process.argv.indexOf('--bus');
  if (at >= 0) return process.argv[at + 1] ?? '';
  return process.argv.find((arg) => arg.startsWith('--bus='))?.slice('--bus='.length);
}

/**
 * Debian's nats-server with JetStream on loopback (deploy/nats-server.conf is the same for a real box),
 * its store under the cluster's directory: a fresh cluster starts with an empty stream.
 */
async function startNats() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-nats.mjs')], { stdio: 'inherit' });
  const store = path.join(settings.dir, 'nats');
  fs.mkdirSync(store, { recursive: true });
  const log = fs.openSync(path.join(settings.dir, 'logs', 'nats-server.log'), 'a');
  const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(settings.natsPort), '-js', '-sd', store], {
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  started.nats = { id: 'nats-server', pid: child.pid, child, exited: exitOf(child) };
  started.nats.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`nats-server exited (${signal ?? code}); live events wait until it is back`);
  });
  for (const deadline = Date.now() + 10_000; ; ) {
    if (child.exitCode !== null)
      throw new Error(`nats-server exited at start; see ${settings.dir}/logs/nats-server.log`);
    const up = await new Promise((resolve) => {
      const socket = net.connect(settings.natsPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return `nats://127.0.0.1:${settings.natsPort}`;
    if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${settings.natsPort} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGHUP: a rolling restart, one instance at a time, each drained before the next goes. */
async function roll() {
  if (rolling || stopping || !sharedEnv) return;
  rolling = true;
  try {
    console.log('SIGHUP: rolling every instance…');
    for (const old of [...started.instances]) {
      await stopProcess(old, Number(env.SHUTDOWN_GRACE_MS ?? 10_000) + 5_000);
      if (stopping) return;
      await startInstance(old.index, sharedEnv);
    }
    rolls += 1;
    writeSummary(summaryFacts);
    console.log(`Rolled (${rolls}): ${started.instances.map((i) => `${i.id} pid ${i.pid}`).join(', ')}`);
  } catch (error) {
    console.error(`The roll failed: ${error instanceof Error ? error.message : error}`);
  } finally {
    rolling = false;
  }
}

async function freshDatabase() {
  const client = new pg.Client({ connectionString: settings.adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${settings.database} with (force)`);
    await client.query(`create database ${settings.database}`);
  } finally {
    await client.end();
  }
  const url = new URL(settings.adminUrl);
  url.pathname = `/${settings.database}`;
  return url.toString();
}

/**
 * A self-signed certificate for localhost and 127.0.0.1, made fresh at every start with openssl (the
 * key never leaves CLUSTER_DIR). HAProxy reads certificate and key from one PEM file.
 */
function makeCertificate() {
  const dir = path.join(settings.dir, 'tls');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const certFile = path.join(dir, 'cluster.crt');
  const keyFile = path.join(dir, 'cluster.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '30',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const certificate = fs.readFileSync(certFile, 'utf8');
  const pemFile = path.join(dir, 'haproxy.pem');
  fs.writeFileSync(pemFile, certificate + fs.readFileSync(keyFile, 'utf8'), { mode: 0o600 });
  const fingerprint = new X509Certificate(certificate).fingerprint256;
  return { certFile, pemFile, certificate, fingerprint };
}

async function startObjectStore() {
  const endpoint = `http://127.0.0.1:${settings.s3Port}`;
  const sdk = await loadS3Sdk();
  const server = new S3rver({
    address: '127.0.0.1',
    port: settings.s3Port,
    directory: path.join(settings.dir, 's3'),
    silent: true,
    // Without the SDK in node_modules, s3rver creates the bucket itself.
    configureBuckets: sdk ? [] : [{ name: settings.bucket }],
  });
  await server.run();
  started.s3 = server;
  if (sdk) {
    // As an operator would against any S3-compatible store: through the real client.
    const client = new sdk.S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new sdk.CreateBucketCommand({ Bucket: settings.bucket }));
    client.destroy();
  }
  return endpoint;
}

async function loadS3Sdk() {
  try {
    createRequire(path.join(ROOT, 'apps/server/package.json')).resolve('@aws-sdk/client-s3');
  } catch {
    return null;
  }
  return import('@aws-sdk/client-s3');
}

function instanceDir(i) {
  return path.join(settings.dir, `fanline-${i}`);
}

async function startInstance(i, shared) {
  const id = `fanline-${i}`;
  const port = settings.basePort + i;
  const dataDir = instanceDir(i);
  const logPath = path.join(settings.dir, 'logs', `${id}.log`);
  const log = fs.openSync(logPath, 'a');
  const child = spawn(process.execPath, SERVER_COMMAND, {
    cwd: ROOT,
    // Its own process group: a Ctrl-C in the terminal reaches this script only, which then stops
    // each instance gracefully (SIGTERM) in the order it chooses.
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...env,
      ...shared,
      PORT: String(port),
      INSTANCE_ID: id,
      DATA_DIR: dataDir,
      ...(settings.metricsBasePort ? { METRICS_PORT: String(settings.metricsBasePort + i) } : {}),
      SEED_DEMO_DATA: i === 1 && settings.seed ? 'true' : 'false',
    },
  });
  fs.closeSync(log);
  const instance = { id, index: i, port, pid: child.pid, dataDir, logPath, child, exited: exitOf(child) };
  const replaced = started.instances.findIndex((other) => other.index === i);
  if (replaced >= 0) started.instances[replaced] = instance;
  else started.instances.push(instance);
  instance.exited.then(({ code, signal }) => {
    if (!stopping && !rolling)
      console.error(`${id} exited (${signal ?? code}); HAProxy routes around it. Log: ${logPath}`);
  });
  await waitForReady(`http://127.0.0.1:${port}/api/health/ready`, instance);
  return instance;
}

async function startHaproxy() {
  const servers = Object.fromEntries(
    started.instances.map((instance, index) => [`FANLINE_SERVER_${index + 1}`, `127.0.0.1:${instance.port}`]),
  );
  const config = path.join(ROOT, 'deploy/haproxy.cfg');
  const haproxyEnv = {
    ...env,
    ...servers,
    FANLINE_BIND: `127.0.0.1:${settings.port}`,
    FANLINE_TLS_BIND: `127.0.0.1:${settings.tlsPort}`,
    FANLINE_TLS_CERT: tls.pemFile,
    FANLINE_HTTPS_PORT: String(settings.tlsPort),
  };
  execFileSync(HAPROXY, ['-c', '-q', '-f', config], { env: haproxyEnv, stdio: 'inherit' });
  const log = fs.openSync(path.join(settings.dir, 'logs', 'haproxy.log'), 'a');
  const child = spawn(HAPROXY, ['-db', '-f', config], { env: haproxyEnv, detached: true, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  started.haproxy = { id: 'haproxy', pid: child.pid, child, exited: exitOf(child) };
  started.haproxy.exited.then(({ code, signal }) => {
    if (stopping) return;
    console.error(`HAProxy exited (${signal ?? code}); stopping the cluster. Log: ${settings.dir}/logs/haproxy.log`);
    void stop('haproxy', 1);
  });
  await waitForReady(`https://127.0.0.1:${settings.tlsPort}/api/health/ready`, started.haproxy);
}

/**
 * Alertmanager, then Prometheus, each a child in its own group with its files under the cluster's
 * directory. Prometheus loads deploy/prometheus/alerts.yml as shipped; only the addresses differ from
 * deploy/prometheus/prometheus.yml (the instances' metrics ports here, Alertmanager's port), and the
 * local Alertmanager keeps alerts for its API and UI instead of mailing anyone.
 */
async function startObservers() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-prometheus.mjs')], { stdio: 'inherit' });
  for (const binary of [PROMETHEUS, ALERTMANAGER]) {
    if (!fs.existsSync(binary))
      throw new Error(`${binary} is missing: apt-get install -y prometheus prometheus-alertmanager`);
  }
  const dir = path.join(settings.dir, 'observe');
  fs.mkdirSync(dir, { recursive: true });
  const { parse, stringify } = await import('yaml');
  const alertmanagerConfig = path.join(dir, 'alertmanager.yml');
  fs.writeFileSync(
    alertmanagerConfig,
    stringify({
      route: { receiver: 'local', group_by: ['alertname'], group_wait: '5s' },
      receivers: [{ name: 'local' }],
    }),
  );
  const amUrl = `http://127.0.0.1:${settings.alertmanagerPort}`;
  await startObserver(
    'alertmanager',
    ALERTMANAGER,
    [
      `--config.file=${alertmanagerConfig}`,
      `--storage.path=${path.join(dir, 'alertmanager-data')}`,
      `--web.listen-address=127.0.0.1:${settings.alertmanagerPort}`,
      '--cluster.listen-address=',
    ],
    `${amUrl}/-/ready`,
  );

  const shipped = parse(fs.readFileSync(path.join(ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8'));
  shipped.rule_files = [path.join(ROOT, 'deploy/prometheus/alerts.yml')];
  shipped.alerting.alertmanagers = [{ static_configs: [{ targets: [`127.0.0.1:${settings.alertmanagerPort}`] }] }];
  shipped.scrape_configs = shipped.scrape_configs.map((job) =>
    job.job_name === 'fanline'
      ? {
          ...job,
          static_configs: [
            { targets: started.instances.map((s) => `127.0.0.1:${settings.metricsBasePort + s.index}`) },
          ],
        }
      : job,
  );
  const prometheusConfig = path.join(dir, 'prometheus.yml');
  fs.writeFileSync(prometheusConfig, stringify(shipped));
  await startObserver(
    'prometheus',
    PROMETHEUS,
    [
      `--config.file=${prometheusConfig}`,
      `--storage.tsdb.path=${path.join(dir, 'prometheus-data')}`,
      `--web.listen-address=127.0.0.1:${settings.prometheusPort}`,
    ],
    `http://127.0.0.1:${settings.prometheusPort}/-/ready`,
  );
}

async function startObserver(id, binary, args, readyUrl) {
  const logPath = path.join(settings.dir, 'logs', `${id}.log`);
  const log = fs.openSync(logPath, 'a');
  const child = spawn(binary, args, { detached: true, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const proc = { id, pid: child.pid, child, exited: exitOf(child), logPath };
  started.observers.push(proc);
  proc.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`${id} exited (${signal ?? code}). Log: ${logPath}`);
  });
  await waitForReady(readyUrl, proc);
}

function exitOf(child) {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function waitForReady(url, proc) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let done = false;
  proc.exited.then(() => {
    done = true;
  });
  while (Date.now() < deadline) {
    if (done || stopping)
      throw new Error(`${proc.id} exited before it was ready${proc.logPath ? `; see ${proc.logPath}` : ''}`);
    try {
      if ((await statusOf(url)) === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${proc.id} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** The status of a GET, over https trusting the cluster's own certificate. */
function statusOf(url) {
  if (!url.startsWith('https:')) return fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.status);
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca: tls.certificate, servername: 'localhost', timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** cluster.json: what runs where, for the cluster's tests and bench (and an operator's curiosity). */
function writeSummary({ publicUrl, databaseUrl, s3Endpoint, natsUrl }) {
  const summary = {
    bus: settings.bus,
    ...(natsUrl ? { natsUrl } : {}),
    rolls,
    publicUrl,
    haproxyUrl: `https://127.0.0.1:${settings.tlsPort}`,
    httpUrl: `http://127.0.0.1:${settings.port}`,
    certificateFile: tls.certFile,
    fingerprint: tls.fingerprint,
    databaseUrl,
    s3: { endpoint: s3Endpoint, bucket: settings.bucket },
    haproxyPid: started.haproxy?.pid,
    ...(settings.observe
      ? {
          prometheusUrl: `http://127.0.0.1:${settings.prometheusPort}`,
          alertmanagerUrl: `http://127.0.0.1:${settings.alertmanagerPort}`,
        }
      : {}),
    instances: started.instances.map(({ id, port, pid, dataDir, logPath }) => ({
      id,
      url: `http://127.0.0.1:${port}`,
      pid,
      dataDir,
      logPath,
    })),
  };
  const file = path.join(settings.dir, 'cluster.json');
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(summary, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}

async function printWelcome({ publicUrl, databaseUrl, s3Endpoint, natsUrl, logins }) {
  const lines = [
    `\nFanline cluster is running at ${publicUrl} (HAProxy, round robin over ${started.instances.length} instances)`,
    `  TLS           a self-signed certificate made at start: ${shortPath(tls.certFile)}`,
    `                SHA-256 fingerprint ${tls.fingerprint}`,
    `                (trust it, or \`curl --cacert ${shortPath(tls.certFile)}\`; \`curl -k\` skips the check)`,
    `  plain HTTP    http://localhost:${settings.port} redirects (308) to ${publicUrl}`,
    ...started.instances.map(
      (s) =>
        `  ${s.id}     http://127.0.0.1:${s.port}  log ${shortPath(s.logPath)}` +
        (settings.metricsBasePort ? `  metrics http://127.0.0.1:${settings.metricsBasePort + s.index}/metrics` : ''),
    ),
    `  database      ${databaseUrl.replace(/\/\/[^@/]*@/, '//')}`,
    `  object store  s3rver ${s3Endpoint}, bucket ${settings.bucket}`,
    natsUrl
      ? `  live events   NATS JetStream ${natsUrl} (EVENT_BUS=nats; log ${shortPath(path.join(settings.dir, 'logs', 'nats-server.log'))})`
      : '  live events   PostgreSQL LISTEN/NOTIFY (EVENT_BUS=pg; `-- --bus nats` for NATS)',
    ...(settings.observe
      ? [
          `  prometheus    http://127.0.0.1:${settings.prometheusPort} (rules: deploy/prometheus/alerts.yml)`,
          `  alertmanager  http://127.0.0.1:${settings.alertmanagerPort} (alerts: /api/v2/alerts)`,
        ]
      : []),
    'DEMO: payments go through the built-in test checkout (ALLOW_TEST_PAYMENTS=true); no money is collected.',
  ];
  console.log(lines.join('\n'));
  if (fs.existsSync(logins)) {
    // The same lines `npm start` prints (apps/server/src/server.ts).
    const { formatLogins } = await import('../apps/server/src/demo/demo-data.ts');
    const { logins: list, creatorPassword } = JSON.parse(fs.readFileSync(logins, 'utf8'));
    console.log(`${formatLogins(list, creatorPassword)}\n`);
  }
  console.log('Ctrl-C stops the cluster.');
}

/**
 * Stops what was started, newest first: HAProxy, then every instance with SIGTERM (they drain, as in a
 * rolling deploy) and, past the grace period, SIGKILL to its whole process group; then nats-server and s3rver.
 */
async function stop(reason, code = 0) {
  if (stopping) return;
  stopping = true;
  if (reason === 'SIGINT' || reason === 'SIGTERM') console.log(`\n${reason}: stopping the cluster…`);
  const grace = Number(env.SHUTDOWN_GRACE_MS ?? 10_000) + 5_000;
  await Promise.all(started.observers.map((proc) => stopProcess(proc, 5_000)));
  if (started.haproxy) await stopProcess(started.haproxy, grace);
  await Promise.all(started.instances.map((proc) => stopProcess(proc, grace)));
  // The broker goes after the instances, so what they publish while draining still goes out.
  if (started.nats) await stopProcess(started.nats, 5_000);
  if (started.s3) await started.s3.close().catch(() => {});
  process.exit(code);
}

async function stopProcess(proc, graceMs) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  signalGroup(proc.pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(proc.pid, 'SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
  // Anything it left in its group goes too (no orphans).
  signalGroup(proc.pid, 'SIGKILL');
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

function shortPath(file) {
  const relative = path.relative(ROOT, file);
  return relative.startsWith('..') ? file : relative;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
