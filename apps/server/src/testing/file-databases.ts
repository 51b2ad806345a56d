// The PostgreSQL databases a test file cloned from the run's template (test-app.ts), which
// drop-file-databases.ts (a setup file) drops when the file ends. The list is kept on globalThis: a
// setup file is evaluated again for every file, while test-app.ts is loaded once per worker
// (`isolate: false`), so a module-level list could be two lists.
const KEY = Symbol.for('fanline.test.fileDatabases');

function clones(): string[] {
  const holder = globalThis as { [KEY]?: string[] };
  holder[KEY] ??= [];
  return holder[KEY];
}

/** Records a database this file cloned, to be dropped when the file ends. */
export function rememberClone(name: string): void {
  clones().push(name);
}

/** The databases cloned since the last call (a worker runs one file at a time: this file's). */
export function takeClones(): string[] {
  return clones().splice(0);
}
