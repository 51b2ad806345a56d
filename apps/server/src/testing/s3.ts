/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The credentials s3rver accepts (it checks signatures made with them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3StandIn {
  endpoint: string;
  /** The buckets created at start. */
  buckets: string[];
  /** The environment that points the app's S3 driver at `bucket` of this stand-in. */
  env(bucket?: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible store (s3rver) on a free port with its own temporary directory, so tests
 * run the real S3 client against a real HTTP S3 API (preamble: external services through their real
 * clients pointed at local stand-ins).
 */
export async function startS3StandIn(buckets: string[] = ['fanline-test']): Promise<S3StandIn> {
  // Loaded here, not at the top: every test file imports testing/, few start a store.
  const { default: S3rver } = await import('s3rver');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    buckets,
    env: (bucket = buckets[0] ?? 'fanline-test') => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
