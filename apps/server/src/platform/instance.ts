import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * This process's name among the instances of one deployment: INSTANCE_ID when the supervisor gives
 * one (the cluster names them fanline-1..3), otherwise a fresh id per process start. Health answers,
 * metrics, logs and the stream leases carry it.
 */
export const instanceId: string = process.env.INSTANCE_ID?.trim() || `fanline-${randomUUID().slice(0, 8)}`;

/** What scripts/build-server.mjs stamps into the compiled server; absent when running the sources. */
declare const __FANLINE_BUILD__: { version: string; commit: string | null } | undefined;
const stamped = typeof __FANLINE_BUILD__ === 'undefined' ? undefined : __FANLINE_BUILD__;

/**
 * The release this process runs: FANLINE_VERSION when the supervisor sets one, else what the build
 * stamped (FANLINE_VERSION at build time, or the root package's version then), else the root package's
 * version read now (the sources under tsx).
 */
export const appVersion: string = process.env.FANLINE_VERSION?.trim() || stamped?.version || rootPackageVersion();

/** The commit the compiled server was built from (FANLINE_COMMIT, or git at build time); null when unknown. */
export const appCommit: string | null = process.env.FANLINE_COMMIT?.trim() || stamped?.commit || null;

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
