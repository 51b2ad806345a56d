import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { CALL_TIMEOUTS } from '../call-timeouts';
import type { S3StorageConfig } from '../config';
import { assertValidKey, contentTypeOf, isValidKey, type ObjectStorage } from './object-storage';
import { describeStorageError, storageLabel } from './storage-errors';

/**
 * Uploads in an S3-compatible bucket through the official client (decision 0032). The bucket stays
 * private: the app reads objects with its own credentials and serves public images itself, and
 * attachments only through their access check, so no object is ever readable by URL.
 */
export function createS3Storage(config: S3StorageConfig): ObjectStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: S3-compatible stores (s3rver, older MinIO) do not all
    // accept the SDK's default CRC32 trailers, and every body we send is a whole buffer.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Below the outbox's lease, attempts included (decision 0039): a storage-delete effect ends in time.
    maxAttempts: CALL_TIMEOUTS.storage.maxAttempts,
    requestHandler: {
      connectionTimeout: CALL_TIMEOUTS.storage.connectionTimeout,
      requestTimeout: CALL_TIMEOUTS.storage.requestTimeout,
    },
  });
  const Bucket = config.bucket;

  return {
    driver: 's3',
    async put(key, bytes, contentType) {
      assertValidKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          bytes: out.ContentLength ?? 0,
          contentType: out.ContentType || contentTypeOf(key),
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      if (!isValidKey(key)) return null;
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { bytes: out.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key, bytes: item.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        // HEAD answers carry no error body: a 404 is the bucket, a 403 the credentials.
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const named =
          status === 404
            ? Object.assign(new Error(), { name: 'NoSuchBucket' })
            : status === 403
              ? Object.assign(new Error(), { name: 'AccessDenied' })
              : error;
        throw new Error(`Object storage (${storageLabel(config)}): ${describeStorageError(named)}`);
      }
    },
    async close() {
      client.destroy();
    },
  };
}

/** No such object; a missing bucket is a misconfiguration and stays an error. */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  if (name === 'NoSuchBucket') return false;
  if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return true;
  return name === 'NoSuchKey' || name === 'NotFound';
}
