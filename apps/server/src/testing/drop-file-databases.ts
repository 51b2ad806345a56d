import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { takeClones } from './file-databases';

// A setup file: the databases this test file cloned are dropped when it ends. Its afterAll is
// registered before the file's own, so it runs after them, once their pools and child servers are
// closed. The global teardown dropped every clone at the end of the run: about 120 drops one after
// another, some ten seconds of a mostly idle machine between the unit phase and the journeys. Dropped
// file by file, they overlap the other workers' files. The global teardown still drops what a file
// that crashed left behind.
afterAll(async () => {
  const names = takeClones();
  const server = inject('postgresUrl');
  if (names.length === 0 || !server) return;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    // FORCE ends a connection still open (a child server killed before it closed its pool).
    for (const name of names) await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
});
