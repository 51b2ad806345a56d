import pg from 'pg';

// Named statements on PostgreSQL (decision 0078). node-postgres sends a statement without a name as
// an unnamed one: PostgreSQL parses and plans it again on every call. Given a name, each connection
// parses it once and keeps its plan (PostgreSQL's plan cache chooses a custom or a generic plan per
// call, as for any prepared statement). The pool's clients name every statement whose text recurs.

// Statement names are unique in the process: two apps may share one pool, whose connections keep them.
let named = 0;
const nameByText = new Map<string, string>();
/** Texts run once so far; a text is named when it comes back (a batch of varying size never is). */
const seenOnce = new Set<string>();
/**
 * Bounds on both, not expected counts (the Stripe property names 151 texts): beyond them statements run
 * unnamed, as node-postgres sends them. Each connection keeps at most MAX_SHAPES statements.
 */
const MAX_SHAPES = 1000;
const MAX_SEEN = 2000;

/** A process-unique statement name for one call site whose SQL text never varies. */
export function statementName(prefix: string): string {
  named += 1;
  return `${prefix}_${named}`;
}

/**
 * The name a statement's text runs under, once the text has been seen before; undefined the first
 * time, past the bounds, and for what `preparable` refuses.
 */
export function nameForText(text: string): string | undefined {
  const known = nameByText.get(text);
  if (known) return known;
  if (!preparable(text)) return undefined;
  if (seenOnce.has(text) && nameByText.size < MAX_SHAPES) {
    const name = statementName('shape');
    nameByText.set(text, name);
    seenOnce.delete(text);
    return name;
  }
  if (seenOnce.size >= MAX_SEEN) seenOnce.clear();
  seenOnce.add(text);
  return undefined;
}
const PREPARABLE = /^[\s(]*(select|insert|update|delete|with)\b/i;

/**
 * Whether the client names a text once it recurs (the bench's baseline names the same ones): one
 * SELECT, INSERT, UPDATE, DELETE or WITH, parenthesised or not. A `;` may separate two statements,
 * which only the simple protocol takes.
 */
export function preparable(text: string): boolean {
  return PREPARABLE.test(text) && !text.includes(';');
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/**
 * node-postgres's client, naming what its caller left unnamed (drizzle's queries, the pool's own). A
 * query object of another kind (a cursor, a stream) and a plain string pass through as they came.
 */
export class NamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this one forwards them all.
  override query(config: any, values?: any, callback?: any): any {
    if (config !== null && typeof config === 'object') {
      const query = config as QueryConfig;
      if (typeof query.text === 'string' && query.name === undefined && typeof query.submit !== 'function') {
        const name = nameForText(query.text);
        // A copy: drizzle reuses its query objects, and the name is this process's, not theirs.
        if (name) return super.query({ ...config, name }, values, callback);
      }
    }
    return super.query(config, values, callback);
  }
}
