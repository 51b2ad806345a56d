import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * This process's name among the instances of one deployment: INSTANCE_ID when the supervisor gives
 * one (the cluster names them fanline-1..3), otherwise a fresh id per process start. Health answers,
 * metrics, logs and the stream leases carry it.
 */
export const instanceId: string = process.env.INSTANCE_ID?.trim() || `fanline-${randomUUID().slice(0, 8)}`;

/**
 * The release this process runs: FANLINE_VERSION when the build or the supervisor stamps one,
 * otherwise the root package's version.
 */
export const appVersion: string = process.env.FANLINE_VERSION?.trim() || rootPackageVersion();

function rootPackageVersion(): string {
  // From apps/server/src/platform (sources) or apps/server/dist (compiled), the root package.json is
  // the first one up the tree whose name is "fanline".
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'fanline') return pkg.version ?? '0.0.0';
    } catch {
      // no package.json here; go up
    }
    dir = path.dirname(dir);
  }
  return '0.0.0';
}
