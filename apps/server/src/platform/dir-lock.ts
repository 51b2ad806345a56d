import fs from 'node:fs';

export interface DirectoryLock {
  release(): void;
}

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

/**
 * PGlite takes no lock on its data directory and two processes on one directory silently lose
 * writes (ARCHITECTURE §6), so a lock file holds it while we run. A lock left by a dead process is
 * taken over.
 */
export function acquireDirectoryLock(lockPath: string): DirectoryLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && isAlive(holder)) {
        throw new DirectoryLockedError(
          `The database in ${lockPath.replace(/\.lock$/, '')} is in use by another Fanline process (pid ${holder}). ` +
            'Stop that process first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not take the lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
