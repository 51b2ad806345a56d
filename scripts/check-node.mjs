#!/usr/bin/env node
// `npm install` / `npm ci` (preinstall): stops early, saying what to do, on a Node older than the one
// Fanline builds, runs and is tested on (Node 24 LTS, exactly 24.21.0 in CI; decision 0043). Written
// for any Node that runs at all, so it can say so on an old one.
const REQUIRED_MAJOR = 24;
const TESTED = '24.21.0';
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= REQUIRED_MAJOR)) {
  console.error(
    `\nFanline needs Node ${REQUIRED_MAJOR} (tested on ${TESTED}); this is Node ${process.versions.node}` +
      ` (${process.execPath}).\n` +
      `Get it with:  source scripts/ensure-node.sh   (installs Node ${TESTED} into .node/ and puts it first on PATH)\n` +
      `or from https://nodejs.org/en/download (any ${REQUIRED_MAJOR}.x), then run the install again.\n`,
  );
  process.exit(1);
}
