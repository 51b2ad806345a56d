import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { createStorage, describeStorageError, readAll, storageLabel } from '../platform/storage';

/**
 * `npm run backup:files [-- <store>]`: keeps the file store of the point-in-time backups in step with
 * the stored files (issue 40, decision 0062). Every object under `public/` and `private/` that the
 * store does not hold yet is copied to `<store>/objects/<key>` (keys are random per upload and never
 * rewritten, so a key once copied is done), and `<store>/manifests/<UTC time>.json` lists what the
 * storage held. Manifests older than BACKUP_FILES_KEEP_DAYS (14, the recovery window of
 * deploy/backup/pgbackrest.conf) go, and with them every object no remaining manifest lists; the
 * newest manifest always stays. `npm run restore:files` takes from the store what a database
 * restored to any minute of the window points at. <store> defaults to BACKUP_FILES_DIR.
 */
interface FilesManifest {
  format: 1;
  createdAt: string;
  objects: Array<{ key: string; bytes: number }>;
}

async function syncFiles(): Promise<void> {
  const store = path.resolve(process.argv[2] ?? process.env.BACKUP_FILES_DIR ?? '');
  if (!process.argv[2] && !process.env.BACKUP_FILES_DIR)
    throw new Error('usage: npm run backup:files -- <store directory> (or BACKUP_FILES_DIR)');
  const keepDays = Number(process.env.BACKUP_FILES_KEEP_DAYS ?? 14);
  if (!Number.isFinite(keepDays) || keepDays < 1) throw new Error('BACKUP_FILES_KEEP_DAYS must be 1 or more');
  const config = loadConfig();
  const storage = createStorage(config);
  const objects: FilesManifest['objects'] = [];
  let copied = 0;
  try {
    for (const prefix of ['public/', 'private/']) {
      for await (const { key } of storage.list(prefix)) {
        const file = path.join(store, 'objects', ...key.split('/'));
        const there = fs.statSync(file, { throwIfNoEntry: false });
        if (there) {
          objects.push({ key, bytes: there.size });
          continue;
        }
        const object = await storage.get(key);
        if (!object) continue; // deleted since it was listed
        const bytes = await readAll(object.body);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        // Written under a temporary name and renamed: a run cut short never leaves half a file.
        fs.writeFileSync(`${file}.partial`, bytes);
        fs.renameSync(`${file}.partial`, file);
        objects.push({ key, bytes: bytes.length });
        copied++;
      }
    }
  } finally {
    await storage.close();
  }
  const now = new Date();
  const manifests = path.join(store, 'manifests');
  fs.mkdirSync(manifests, { recursive: true });
  // To the millisecond: two runs in one second never share a name (one list would replace the other).
  const name = `${now.toISOString().replace(/[-:]/g, '')}.json`;
  const manifest: FilesManifest = { format: 1, createdAt: now.toISOString(), objects };
  fs.writeFileSync(path.join(manifests, name), `${JSON.stringify(manifest)}\n`);
  const pruned = prune(store, now.getTime() - keepDays * 86_400_000);
  console.log(
    `Files of ${storageLabel(config.storage)} in step with ${store}: ${objects.length} listed, ${copied} copied, ${pruned} expired.`,
  );
}

/** Drops manifests older than `cutoff` (never the newest) and objects that no remaining manifest lists. */
function prune(store: string, cutoff: number): number {
  const dir = path.join(store, 'manifests');
  const names = fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort();
  const kept = names.filter((n, i) => i === names.length - 1 || fs.statSync(path.join(dir, n)).mtimeMs >= cutoff);
  for (const n of names) if (!kept.includes(n)) fs.rmSync(path.join(dir, n));
  if (kept.length === names.length) return 0;
  const listed = new Set<string>();
  for (const n of kept) {
    const m = JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')) as FilesManifest;
    for (const o of m.objects) listed.add(o.key);
  }
  let removed = 0;
  const objectsDir = path.join(store, 'objects');
  for (const entry of fs.readdirSync(objectsDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (!listed.has(path.relative(objectsDir, full).split(path.sep).join('/'))) {
      fs.rmSync(full);
      removed++;
    }
  }
  return removed;
}

syncFiles().catch((error: unknown) => {
  console.error(`backup:files failed: ${describeStorageError(error)}`);
  process.exit(1);
});
