import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './db';
import { statementName } from './statement-names';

/**
 * Statements prepared once per database and shape (issue 14, decision 0017): drizzle renders the SQL
 * once instead of on every request, and PostgreSQL keeps the named statement per connection, so its
 * parse and plan are reused too. `prepare` gets a process-unique name starting with `prefix`; requests
 * of one `shape` share what it returned.
 */
export function preparedPerDatabase<Shape, Prepared>(
  prefix: string,
  prepare: (db: Db, shape: Shape, name: string) => Prepared,
  keyOf: (shape: Shape) => string = () => '',
): (db: Db, shape: Shape) => Prepared {
  const byDb = new WeakMap<Db, Map<string, Prepared>>();
  return (db, shape) => {
    let byShape = byDb.get(db);
    if (!byShape) {
      byShape = new Map();
      byDb.set(db, byShape);
    }
    const key = keyOf(shape);
    let prepared = byShape.get(key);
    if (!prepared) {
      prepared = prepare(db, shape, statementName(prefix));
      byShape.set(key, prepared);
    }
    return prepared;
  };
}

const dialect = new PgDialect();

/**
 * A statement whose text never varies, rendered once with placeholders (`sql.placeholder`) and run by
 * name on the pool or inside a transaction: neither drizzle nor PostgreSQL builds it again per call.
 * Rows come back as the driver gives them, named by the statement's own column aliases.
 */
export function fixedStatement(
  prefix: string,
  statement: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<Array<Record<string, unknown>>> {
  const query = dialect.sqlToQuery(statement);
  const name = statementName(prefix);
  return async (db, values) => {
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    // Both drivers answer { rows }; the HKT of the shared Db type does not say so.
    return (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  };
}

/**
 * Placeholders under a prefix of their own, for a module's part of another module's fixed statement
 * (the messages module's write inside the payment's statement, say): `p(name)` goes in the part's
 * SQL and `fill(values)` gives one call's values under the same names. Parts with different
 * prefixes never collide, so each module names its own placeholders.
 */
export function placeholders(prefix: string) {
  const p = (name: string) => sql.placeholder(`${prefix}.${name}`);
  return {
    p,
    /** A placeholder cast to its column's type, where PostgreSQL cannot tell it (a SELECT's list). */
    typed: (name: string, column: { getSQLType(): string }) => sql`${p(name)}::${sql.raw(column.getSQLType())}`,
    fill: (values: Record<string, unknown>): Record<string, unknown> => {
      const filled: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(values)) filled[`${prefix}.${name}`] = value;
      return filled;
    },
  };
}

/**
 * A row limit written into the statement's text as a number, for drizzle's `.limit()` (decision 0080).
 * Drizzle sends a number or a placeholder as a parameter, and with `limit $n` PostgreSQL's generic plan
 * guesses a tenth of the table, looks dearer than the custom plans and is never kept; an SQL chunk is
 * written as it is. Only whole, non-negative numbers: the text is built from it.
 */
export function limitInText(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`limitInText: not a row count: ${rows}`);
  // Drizzle's limit() is typed for a number or a placeholder; it writes any SQL chunk it is given.
  return sql.raw(String(rows)) as unknown as number;
}
