import type { S3StorageConfig } from '../config';

/** `bucket "x" at http://host:port` (or on AWS): where an operator's command is reading or writing. */
export function storageLabel(storage: { driver: 'fs' } | S3StorageConfig): string {
  if (storage.driver === 'fs') return 'DATA_DIR';
  return `bucket "${storage.bucket}" ${storage.endpoint ? `at ${storage.endpoint}` : `on AWS (${storage.region})`}`;
}

/** One line an operator can act on: the configuration problem, or the store's own error name. */
export function describeStorageError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const name = error.name;
  if (name === 'NoSuchBucket') return 'the bucket does not exist (create it first, e.g. `aws s3 mb s3://<bucket>`).';
  if (name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch' || name === 'AccessDenied')
    return `the store refused the credentials (${name}): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`;
  if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return `the store is not reachable: ${error.message}`;
  return error.message;
}
