import path from 'node:path';
import type { Config } from '../config';
import { createFsStorage } from './fs-driver';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-driver';

export * from './object-storage';

/** The configured driver: S3 when S3_BUCKET is set (platform/config.ts), the data directory otherwise. */
export function createStorage(config: Pick<Config, 'dataDir' | 'uploadsDir' | 'storage'>): ObjectStorage {
  return config.storage.driver === 's3' ? createS3Storage(config.storage) : localStorageOf(config);
}

/** The files under DATA_DIR, whichever driver is configured (what `storage:migrate` copies from). */
export function localStorageOf(config: Pick<Config, 'dataDir' | 'uploadsDir'>): ObjectStorage {
  return createFsStorage({
    uploadsDir: config.uploadsDir,
    attachmentsDir: path.join(config.dataDir, 'attachments'),
    exportsDir: path.join(config.dataDir, 'exports'),
  });
}

export { type CopyResult, copyObjects, readAll } from './copy-objects';
export { createFsStorage } from './fs-driver';
export { describeStorageError, storageLabel } from './storage-errors';
