import { type SQL, sql } from 'drizzle-orm';

/**
 * A JSON object written by PostgreSQL (`row_to_json`: compact, keys in the given order, strings escaped
 * as JSON.stringify escapes them, null as null), typed json, so it nests inside another as an object.
 * For hot reads whose rows go straight to the client (issue 14, decision 0017): each row crosses the
 * wire and the event loop as one text, with no parse into objects and no serialize back. Timestamps
 * go through `jsonTimestamp`, so they read like `Date#toISOString`.
 */
export function jsonObject(fields: ReadonlyArray<readonly [key: string, value: SQL]>): SQL {
  const columns = fields.map(([key, value]) => {
    if (!/^\w+$/.test(key)) throw new Error(`jsonObject: not a plain key: ${key}`);
    return sql`${value} as ${sql.raw(`"${key}"`)}`;
  });
  return sql`(select row_to_json(j) from (select ${sql.join(columns, sql`, `)}) j)`;
}

/** A timestamptz as `Date#toISOString` writes it (UTC, milliseconds, truncated as a JS Date truncates). */
export function jsonTimestamp(value: SQL): SQL {
  return sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
