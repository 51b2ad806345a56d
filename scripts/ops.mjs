#!/usr/bin/env node
// `npm run backup`, `restore`, `storage:migrate`, `db:reset`, `outbox`, `backup:record`, `backup:files` and `restore:files`: runs the operator command compiled by
// `npm run build` (apps/server/dist/<command>.js; scripts/build-server.mjs), plain JavaScript with no
// TypeScript loader, in a checkout and in a release (decision 0043). Arguments after the command name
// are the command's own (`npm run restore -- <backup directory>`).
import fs from 'node:fs';

const COMMANDS = [
  'backup',
  'restore',
  'storage-migrate',
  'db-reset',
  'outbox',
  'record-backup',
  'sync-files',
  'restore-files',
];
const [name, ...args] = process.argv.slice(2);
if (!name || !COMMANDS.includes(name)) {
  console.error(`usage: node scripts/ops.mjs <${COMMANDS.join('|')}> [arguments]`);
  process.exit(2);
}
const compiled = new URL(`../apps/server/dist/${name}.js`, import.meta.url);
if (!fs.existsSync(compiled)) {
  console.error(`\nThe compiled command is missing (apps/server/dist/${name}.js). Run \`npm run build\` first.\n`);
  process.exit(1);
}
// The command reads its arguments from process.argv[2...], as when it is started directly.
process.argv = [process.argv[0] ?? 'node', compiled.pathname, ...args];
process.setSourceMapsEnabled(true);
await import(compiled.href);
