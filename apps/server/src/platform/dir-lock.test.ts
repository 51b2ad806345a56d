import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { acquireDirectoryLock, DirectoryLockedError } from './dir-lock';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'fanline-lock-'));

test('a second holder is refused with a message that says what to do', async () => {
  const lockPath = path.join(tmp(), 'db.lock');
  // Another live process holds the lock.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    fs.writeFileSync(lockPath, String(other.pid));
    expect(() => acquireDirectoryLock(lockPath)).toThrow(DirectoryLockedError);
    expect(() => acquireDirectoryLock(lockPath)).toThrow(/in use by another Fanline process/);
  } finally {
    other.kill();
  }
});

test('a lock left by a dead process is taken over, and released on release()', () => {
  const lockPath = path.join(tmp(), 'db.lock');
  fs.writeFileSync(lockPath, '999999999');
  const lock = acquireDirectoryLock(lockPath);
  expect(fs.readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
  lock.release();
  expect(fs.existsSync(lockPath)).toBe(false);
});
