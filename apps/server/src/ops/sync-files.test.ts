import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runOpsCommand } from '../testing';

// `npm run backup:files` (decision 0062): the file store gains what is new, keeps what the storage
// dropped for the recovery window, and lets it go only when no manifest of the window lists it.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-files-store-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

test('copies new files, keeps a deleted one while a manifest of the window lists it, then expires it', async () => {
  const dataDir = path.join(work, 'data');
  const store = path.join(work, 'store');
  const attachments = path.join(dataDir, 'attachments');
  fs.mkdirSync(attachments, { recursive: true });
  fs.writeFileSync(path.join(attachments, 'a-1.webp'), 'first');
  fs.writeFileSync(path.join(attachments, 'b-2.webp'), 'second');
  const sync = () => runOpsCommand('sync-files', { DATA_DIR: dataDir, BACKUP_FILES_KEEP_DAYS: '14' }, [store]);
  const kept = (name: string) => fs.existsSync(path.join(store, 'objects/private/attachments', name));
  const manifests = () => fs.readdirSync(path.join(store, 'manifests'));

  const first = await sync();
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toContain('2 listed, 2 copied, 0 expired');
  expect(fs.readFileSync(path.join(store, 'objects/private/attachments/a-1.webp'), 'utf8')).toBe('first');

  // The storage drops one file (a pruned upload): the store keeps it while a manifest lists it.
  fs.rmSync(path.join(attachments, 'a-1.webp'));
  const second = await sync();
  expect(second.stdout).toContain('1 listed, 0 copied, 0 expired');
  expect(kept('a-1.webp')).toBe(true);
  expect(manifests()).toHaveLength(2);

  // 15 days on: the manifests that listed it are past the window; the newest one always stays.
  const old = Date.now() / 1000 - 15 * 86_400;
  for (const name of manifests()) fs.utimesSync(path.join(store, 'manifests', name), old, old);
  const third = await sync();
  expect(third.code, third.stderr).toBe(0);
  expect(third.stdout).toContain('1 listed, 0 copied, 1 expired');
  expect(kept('a-1.webp')).toBe(false);
  expect(kept('b-2.webp')).toBe(true);
  expect(manifests()).toHaveLength(1);
});
