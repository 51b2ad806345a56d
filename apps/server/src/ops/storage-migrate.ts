import { loadConfig } from '../platform/config';
import { copyObjects, createStorage, describeStorageError, localStorageOf, storageLabel } from '../platform/storage';

/**
 * `npm run storage:migrate`: copies the uploads kept under DATA_DIR (public images in uploads/,
 * message attachments in attachments/) into the configured bucket under the same keys the S3 driver
 * uses. Safe to run again: objects already there with the same size are skipped. The local files are
 * left in place; remove them once the instances run on the bucket.
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  if (config.storage.driver !== 's3') {
    throw new Error(
      'storage:migrate copies DATA_DIR uploads into an S3 bucket, but none is configured. Set S3_BUCKET ' +
        '(and S3_ENDPOINT, S3_FORCE_PATH_STYLE=true for MinIO or s3rver, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY) and run it again.',
    );
  }
  const from = localStorageOf(config);
  const to = createStorage(config);
  try {
    await to.check();
    console.log(`Copying uploads from ${config.dataDir} to ${storageLabel(config.storage)} ...`);
    const result = await copyObjects(from, to, ['public/', 'private/']);
    const folders = Object.entries(result.byFolder)
      .map(([folder, n]) => `${folder}: ${n}`)
      .join(', ');
    console.log(
      `Copied ${result.copied} file(s)${folders ? ` (${folders})` : ''}; skipped ${result.skipped} already in the bucket.`,
    );
  } finally {
    await to.close();
  }
}

migrate().catch((error: unknown) => {
  console.error(`storage:migrate failed: ${describeStorageError(error)}`);
  process.exit(1);
});
