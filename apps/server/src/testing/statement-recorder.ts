import type pg from 'pg';
import type { Database } from '../platform/db';
import { preparable } from '../platform/statement-names';

/** One SQL statement as the driver received it: its text and parameters, exactly as sent. */
export interface RecordedStatement {
  text: string;
  params: unknown[];
  /** Sent as a named (prepared) statement: PostgreSQL parses and plans it once per connection. */
  prepared: boolean;
}

export interface StatementRecorder {
  /** Starts a fresh recording (drops what an earlier one kept). */
  start(): void;
  /** Ends the recording and returns its statements in the order they were sent. */
  stop(): RecordedStatement[];
}

/** BEGIN/COMMIT and friends: the wrapping of a transaction, not a statement of the request's own. */
export function isTransactionControl(text: string): boolean {
  return /^\s*(begin|commit|rollback|savepoint|release|start transaction)\b/i.test(text);
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;
type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

/**
 * Records every statement the app sends to `database` while a recording runs, by wrapping the driver
 * (PGlite's query/exec/transaction, or the pg pool and the clients it lends), so it sees what Drizzle
 * and raw `db.execute` both send. For query-count budgets (issue 14) and the benchmark's SQL capture;
 * between recordings the wrappers only pass calls through.
 */
export function recordStatements(database: Database): StatementRecorder {
  let recording: RecordedStatement[] | null = null;
  const pool = !database.pglite && !!database.pool;
  const note = (text: unknown, params: unknown, name?: unknown) => {
    if (recording && typeof text === 'string')
      recording.push({
        text,
        params: Array.isArray(params) ? params : [],
        // Named by the caller, or by the pool's client once the text recurs (platform/statement-names.ts),
        // which under a bench's load every text does. PGlite has no named statements.
        prepared: (typeof name === 'string' && !!name) || (pool && typeof text === 'string' && preparable(text)),
      });
  };

  const wrapQuery = (target: { query: QueryFn }) => {
    const original = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      const [first, second] = args;
      if (typeof first === 'string') note(first, second);
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: unknown; values?: unknown; name?: unknown };
        note(config.text, Array.isArray(second) ? second : config.values, config.name);
      }
      return original(...args);
    };
  };

  if (database.pglite) {
    const client = database.pglite as unknown as {
      query: QueryFn;
      exec: QueryFn;
      transaction: (fn: (tx: { query: QueryFn; exec: QueryFn }) => Promise<unknown>) => Promise<unknown>;
    };
    wrapQuery(client);
    const exec = client.exec.bind(client);
    client.exec = (...args: unknown[]) => {
      note(args[0], []);
      return exec(...args);
    };
    const transaction = client.transaction.bind(client);
    client.transaction = (fn) =>
      transaction((tx) => {
        wrapQuery(tx);
        const txExec = tx.exec.bind(tx);
        tx.exec = (...args: unknown[]) => {
          note(args[0], []);
          return txExec(...args);
        };
        return fn(tx);
      });
  } else if (database.pool) {
    // pool.query borrows a client through pool.connect, so wrapping the clients it lends sees every
    // statement once, whether sent through the pool or inside a transaction.
    const pool = database.pool as unknown as { connect: (cb?: ConnectCallback) => unknown };
    const wrapped = new WeakSet<object>();
    const wrapClient = (client: pg.PoolClient | undefined) => {
      if (client && !wrapped.has(client)) {
        wrapped.add(client);
        wrapQuery(client as unknown as { query: QueryFn });
      }
      return client;
    };
    const connect = pool.connect.bind(pool);
    pool.connect = (cb?: ConnectCallback) => {
      if (cb) return connect((error, client, done) => cb(error, wrapClient(client), done));
      return (connect() as Promise<pg.PoolClient>).then(wrapClient);
    };
  } else {
    throw new Error('recordStatements: a database with neither PGlite nor a pg pool');
  }

  return {
    start() {
      recording = [];
    },
    stop() {
      const done = recording ?? [];
      recording = null;
      return done;
    },
  };
}
