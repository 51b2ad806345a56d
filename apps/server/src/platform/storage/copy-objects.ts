import type { Readable } from 'node:stream';
import { contentTypeOf, type ObjectStorage } from './object-storage';

export interface CopyResult {
  copied: number;
  /** Already at the destination with the same size. */
  skipped: number;
  /** Copied, by the first segment after the prefix (`public/avatars` → 3). */
  byFolder: Record<string, number>;
}

/**
 * Copies every object under `prefixes` from one storage to another, skipping those already present
 * with the same size, so a second run (or one after an interruption) copies only what is left.
 * Files are uploaded images of at most a few MB, so each is read whole.
 */
export async function copyObjects(
  from: ObjectStorage,
  to: ObjectStorage,
  prefixes: readonly string[],
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, byFolder: {} };
  for (const prefix of prefixes) {
    for await (const { key, bytes } of from.list(prefix)) {
      const there = await to.stat(key);
      if (there && there.bytes === bytes) {
        result.skipped++;
        continue;
      }
      const object = await from.get(key);
      if (!object) continue; // removed since it was listed
      await to.put(key, await readAll(object.body), object.contentType || contentTypeOf(key));
      result.copied++;
      const folder = key.split('/').slice(0, 2).join('/');
      result.byFolder[folder] = (result.byFolder[folder] ?? 0) + 1;
    }
  }
  return result;
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
