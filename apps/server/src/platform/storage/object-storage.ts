import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (issue 27, decision 0032): the data directory by default, an
 * S3-compatible bucket when S3_BUCKET is set. Keys are `public/<folder>/<file>` for the images served
 * at /uploads/<folder>/<file> and `private/attachments/<file>` for message attachments, which only
 * the access-checked attachment route reads. The bucket itself stays private either way.
 */
export interface ObjectStorage {
  readonly driver: 'fs' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's size, or null when there is none (no body is read). */
  stat(key: string): Promise<{ bytes: number } | null>;
  /** Removes the object; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under `prefix` (e.g. `public/`), with its size, in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; bytes: number }>;
  /** Fails, saying why, when the storage cannot be used (no bucket, refused credentials, unreachable). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface StoredObject {
  body: Readable;
  bytes: number;
  contentType: string;
  etag: string | undefined;
  lastModified: Date | undefined;
}

export const PUBLIC_PREFIX = 'public/';
export const ATTACHMENTS_PREFIX = 'private/attachments/';
/** A person's data export zip (decision 0057): served only by its owner's signed-in download. */
export const EXPORTS_PREFIX = 'private/exports/';

// One path segment: no separators, no dot-segments, no control or odd characters, so a key can never
// leave its folder on disk nor name another prefix in a bucket.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** True for a key made of plain segments (`public/avatars/abc.webp`): what every driver accepts. */
export function isValidKey(key: string): boolean {
  const segments = key.split('/');
  return segments.length >= 2 && segments.length <= 4 && segments.every((s) => SEGMENT.test(s) && !/^\.+$/.test(s));
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** The key of a public image from its URL (`/uploads/avatars/x.webp` → `public/avatars/x.webp`), or null. */
export function publicKeyOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith('/uploads/')) return null;
  const key = `${PUBLIC_PREFIX}${url.slice('/uploads/'.length)}`;
  return isValidKey(key) ? key : null;
}

export const publicUrlOfKey = (key: string) => `/uploads/${key.slice(PUBLIC_PREFIX.length)}`;

export const attachmentKey = (fileName: string) => `${ATTACHMENTS_PREFIX}${fileName}`;

export const exportKey = (fileName: string) => `${EXPORTS_PREFIX}${fileName}`;

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  zip: 'application/zip',
};

/** The content type a file of this name is served with (what the static file server sent before). */
export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
