import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStorage, readAll } from '../platform/storage';
import { runOpsCommand, type S3StandIn, startS3StandIn, testConfig, testPng } from '../testing';

let s3: S3StandIn;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-migrate-'));
beforeAll(async () => {
  s3 = await startS3StandIn(['fanline-migrate']);
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const write = async (relative: string, bytes: Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dataDir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dataDir, relative), bytes);
  return bytes;
};

test('storage:migrate copies DATA_DIR uploads and attachments into the bucket once, and says what it did', async () => {
  const files = {
    'public/avatars/a-1.webp': await write('uploads/avatars/a-1.webp', await testPng()),
    'public/portfolio/b-2.webp': await write('uploads/portfolio/b-2.webp', await testPng({ r: 1, g: 2, b: 3 })),
    'public/covers/c-3.webp': await write('uploads/covers/c-3.webp', await testPng({ r: 9, g: 9, b: 9 })),
    'private/attachments/d4.webp': await write('attachments/d4.webp', await testPng({ r: 50, g: 0, b: 0 })),
  };
  // Not an upload: a file no key can name is left alone.
  await write('uploads/.DS_Store', Buffer.from('finder'));
  const env = { DATA_DIR: dataDir, ...s3.env('fanline-migrate') };

  const first = await runOpsCommand('storage-migrate', env);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toContain('Copied 4 file(s)');
  expect(first.stdout).toContain('public/avatars: 1');
  expect(first.stdout).toContain('private/attachments: 1');
  expect(first.stdout).toContain('skipped 0 already in the bucket');

  const bucket = createStorage(testConfig(s3.env('fanline-migrate')));
  try {
    const keys: string[] = [];
    for await (const { key } of bucket.list('')) keys.push(key);
    expect(keys.sort()).toEqual(Object.keys(files).sort());
    for (const [key, bytes] of Object.entries(files)) {
      const object = await bucket.get(key);
      if (!object) throw new Error(`${key} is not in the bucket`);
      expect(object.contentType).toBe('image/webp');
      expect((await readAll(object.body)).equals(bytes)).toBe(true);
    }

    // Idempotent: a second run copies nothing; a file added since is the only one copied.
    const second = await runOpsCommand('storage-migrate', env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('Copied 0 file(s); skipped 4 already in the bucket.');
    await write('uploads/avatars/e-5.webp', await testPng({ r: 0, g: 0, b: 200 }));
    const third = await runOpsCommand('storage-migrate', env);
    expect(third.stdout).toContain('Copied 1 file(s) (public/avatars: 1); skipped 4 already in the bucket.');
  } finally {
    await bucket.close();
  }
});

test('storage:migrate without a bucket, with half a configuration or a missing bucket fails and says why', async () => {
  const none = await runOpsCommand('storage-migrate', { DATA_DIR: dataDir });
  expect(none.code).toBe(1);
  expect(none.stderr).toMatch(/storage:migrate failed: .*none is configured\. Set S3_BUCKET/);

  const half = await runOpsCommand('storage-migrate', { DATA_DIR: dataDir, S3_ENDPOINT: s3.endpoint });
  expect(half.code).toBe(1);
  expect(half.stderr).toContain('S3_BUCKET: required with S3_ENDPOINT');

  const missing = await runOpsCommand('storage-migrate', { DATA_DIR: dataDir, ...s3.env('no-such-bucket') });
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('the bucket does not exist');
});
