import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ATTACHMENTS_PREFIX,
  assertValidKey,
  contentTypeOf,
  EXPORTS_PREFIX,
  isValidKey,
  type ObjectStorage,
  PUBLIC_PREFIX,
} from './object-storage';

/**
 * The embedded default: the data directory, laid out as before there was an interface
 * (DATA_DIR/uploads/<folder>/<file> for public images, DATA_DIR/attachments/<file> for attachments),
 * so an existing installation keeps its files and `storage:migrate` can copy them as they are.
 */
export function createFsStorage(dirs: {
  uploadsDir: string;
  attachmentsDir: string;
  exportsDir?: string;
}): ObjectStorage {
  const roots = [
    { prefix: PUBLIC_PREFIX, dir: dirs.uploadsDir },
    { prefix: ATTACHMENTS_PREFIX, dir: dirs.attachmentsDir },
    // Data exports (decision 0057): DATA_DIR/exports/<file>, beside the attachments.
    ...(dirs.exportsDir ? [{ prefix: EXPORTS_PREFIX, dir: dirs.exportsDir }] : []),
  ];
  /** The file of a key, or null for a key outside the folders (never a path elsewhere). */
  const fileOf = (key: string): string | null => {
    if (!isValidKey(key)) return null;
    const root = roots.find((r) => key.startsWith(r.prefix));
    return root ? path.join(root.dir, ...key.slice(root.prefix.length).split('/')) : null;
  };
  const statOf = async (file: string | null) => {
    if (!file) return null;
    try {
      const stat = await fs.stat(file);
      return stat.isFile() ? stat : null;
    } catch {
      return null;
    }
  };

  return {
    driver: 'fs',
    async put(key, bytes) {
      assertValidKey(key);
      const file = fileOf(key);
      if (!file) throw new Error(`no folder stores the key ${JSON.stringify(key)}`);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async get(key) {
      const file = fileOf(key);
      const stat = await statOf(file);
      if (!file || !stat) return null;
      return {
        body: createReadStream(file),
        bytes: stat.size,
        contentType: contentTypeOf(key),
        // The same weak validator the static file server sent.
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime,
      };
    },
    async stat(key) {
      const stat = await statOf(fileOf(key));
      return stat ? { bytes: stat.size } : null;
    },
    async delete(key) {
      const file = fileOf(key);
      if (file) await fs.rm(file, { force: true });
    },
    async *list(prefix) {
      for (const root of roots) {
        if (!root.prefix.startsWith(prefix) && !prefix.startsWith(root.prefix)) continue;
        for (const relative of await filesUnder(root.dir)) {
          const key = `${root.prefix}${relative.split(path.sep).join('/')}`;
          if (!key.startsWith(prefix) || !isValidKey(key)) continue;
          const stat = await statOf(path.join(root.dir, relative));
          if (stat) yield { key, bytes: stat.size };
        }
      }
    },
    // The folders are made on the first write, as before.
    async check() {},
    async close() {},
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
