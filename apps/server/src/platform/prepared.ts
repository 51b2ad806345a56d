import type { Db } from './db';

// Statement names are unique in the process: two apps may share one pool, whose connections keep them.
let named = 0;

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
      named += 1;
      prepared = prepare(db, shape, `${prefix}_${named}`);
      byShape.set(key, prepared);
    }
    return prepared;
  };
}
