import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';

// The deploy files agree with each other and with the topology docs/operations.md draws (issue 38
// point 4, decision 0043): what one file promises, the others keep. The release test
// (release.int.test.ts) runs them; this reads what they claim.

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const env = Object.fromEntries(
  read('deploy/fanline.env.example')
    .split('\n')
    .map((line) => /^([A-Z0-9_]+)=(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1], /^"(.*)"$/.exec(match[2] ?? '')?.[1] ?? match[2]]),
) as Record<string, string>;
const unit = read('deploy/fanline@.service');
const unitEnv = Object.fromEntries(
  [...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
) as Record<string, string>;
const docs = read('docs/operations.md');
/** HAProxy's instances in the documented drop-in: FANLINE_SERVER_N=host:port. */
const balanced = [...docs.matchAll(/"FANLINE_SERVER_\d+=([\d.]+):(\d+)"/g)].map((m) => ({
  host: m[1] ?? '',
  port: Number(m[2]),
}));

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

test('instances listen where HAProxy, on another host, reaches them', () => {
  expect(balanced.length).toBeGreaterThanOrEqual(2);
  expect(balanced.every(({ host }) => net.isIP(host) && !isLoopback(host))).toBe(true);
  // Bound to loopback they would be unreachable from HAProxy's host.
  expect(isLoopback(env.HOST ?? '127.0.0.1')).toBe(false);
  expect(['0.0.0.0', '::']).toContain(env.HOST);
  // The unit's fanline@N port is the port HAProxy is told (310N).
  expect(unitEnv.PORT).toBe('310%i');
  for (const { port } of balanced) expect(String(port)).toMatch(/^310[1-9]$/);
  // HAProxy's address is the one the instances trust for X-Forwarded-For, and it is not an instance.
  expect(net.isIP(env.TRUST_PROXY ?? '')).not.toBe(0);
  expect(balanced.map(({ host }) => host)).not.toContain(env.TRUST_PROXY);
});

test('the shipped Prometheus config scrapes the metrics listener the env file and the unit open', () => {
  expect(unitEnv.METRICS_PORT).toBe('910%i');
  expect(isLoopback(env.METRICS_HOST ?? '127.0.0.1')).toBe(false);
  const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as {
    scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
  };
  const scraped = prometheus.scrape_configs
    .filter((job) => job.job_name === 'fanline')
    .flatMap((job) => job.static_configs.flatMap((c) => c.targets));
  // Every instance HAProxy balances is scraped on the unit's metrics port for the same instance number.
  const expected = balanced.map(({ host, port }) => `${host}:${String(port).replace(/^310/, '910')}`);
  expect(scraped.sort()).toEqual(expected.sort());
});

test('the unit runs the release artefact on Node 24, compiled, without a build or a TypeScript loader', () => {
  expect(unit).toMatch(/^WorkingDirectory=\/opt\/fanline\/current$/m);
  expect(unit).toMatch(
    /^ExecStart=\/opt\/fanline\/node\/bin\/node --enable-source-maps apps\/server\/dist\/server\.js$/m,
  );
  const directives = unit
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');
  expect(directives).not.toMatch(/npm ci|npm run build|tsx|--import|\/usr\/bin\/node/);
  expect(unit).not.toMatch(/npm ci --omit=dev && npm run build/);
  expect(unit).toMatch(/^EnvironmentFile=\/etc\/fanline\/fanline\.env$/m);
  // The drain fits in the stop timeout.
  const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
  expect(stopSeconds * 1000).toBeGreaterThan(Number(env.SHUTDOWN_GRACE_MS));
  // A stopping instance keeps serving until HAProxy's checks have taken it out (fall × fastinter, plus
  // one inter), and that wait is part of the grace.
  const checks = /default-server check inter (\d+)s fastinter (\d+)ms downinter \d+s fall (\d+)/.exec(
    read('deploy/haproxy.cfg'),
  );
  const outOfRotationMs = Number(checks?.[1]) * 1000 + Number(checks?.[2]) * Number(checks?.[3]);
  expect(Number(env.SHUTDOWN_DELAY_MS)).toBeGreaterThanOrEqual(outOfRotationMs);
  expect(Number(env.SHUTDOWN_DELAY_MS)).toBeLessThan(Number(env.SHUTDOWN_GRACE_MS));
  // The documented install puts Node and the release where the unit looks.
  expect(docs).toContain('scripts/ensure-node.sh /opt/fanline/node');
  expect(docs).toContain('ln -sfn /opt/fanline/releases/fanline-$VERSION /opt/fanline/current');
  expect(read('scripts/ensure-node.sh')).toMatch(/^FANLINE_NODE_VERSION=24\.\d+\.\d+$/m);
});
