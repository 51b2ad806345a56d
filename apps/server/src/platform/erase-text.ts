import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Erasure (decision 0058) of a person's names from text others keep (a bell's title, an audit row): each
 * whole-word occurrence of a name, in any letter case, becomes `replacement`. Whole words only, so
 * erasing "Ana" leaves "Banana" alone. Names shorter than 2 characters are skipped (they would match
 * ordinary words).
 */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordOf = (name: string) => `(^|[^[:alnum:]_])${escapeRegex(name)}(?=[^[:alnum:]_]|$)`;
const usable = (names: Array<string | null | undefined>) =>
  [...new Set(names.filter((name): name is string => typeof name === 'string' && name.trim().length >= 2))].sort(
    (a, b) => b.length - a.length,
  );

/** `column` (text, or jsonb as text) with every name in `names` replaced. */
export function withNamesReplaced(
  column: AnyPgColumn | SQL,
  names: Array<string | null | undefined>,
  replacement: string,
): SQL {
  let expr = sql`${column}`;
  for (const name of usable(names)) expr = sql`regexp_replace(${expr}, ${wordOf(name)}, ${`\\1${replacement}`}, 'gi')`;
  return expr;
}

/** Whether `column` (text) names any of `names`; false when none is usable. */
export function mentionsAny(column: AnyPgColumn | SQL, names: Array<string | null | undefined>): SQL {
  const list = usable(names);
  if (list.length === 0) return sql`false`;
  return sql.join(
    list.map((name) => sql`${column} ~* ${wordOf(name)}`),
    sql` or `,
  );
}
