import type { TAdminPage, TAdminPageQuery } from '@fanline/contracts';
import { sql } from 'drizzle-orm';

/**
 * The number of rows the whole query matches, on each row of one page (`count(*) over ()` is counted
 * before LIMIT and OFFSET): one query gives the page and its total (decision 0028).
 */
export const windowTotal = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * One page of an admin list. `read(limit, offset)` runs the list's query with `windowTotal()` selected
 * as `total`. A page past the end has no row to carry the total, so the first row is read for it.
 */
export async function readPage<R extends { total: number }>(
  query: TAdminPageQuery,
  read: (limit: number, offset: number) => Promise<R[]>,
): Promise<{ rows: Omit<R, 'total'>[]; page: TAdminPage }> {
  const rows = await read(query.limit, (query.page - 1) * query.limit);
  const total = rows[0]?.total ?? (query.page > 1 ? ((await read(1, 0))[0]?.total ?? 0) : 0);
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    page: { page: query.page, limit: query.limit, total, hasMore: query.page * query.limit < total },
  };
}
