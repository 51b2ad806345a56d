import { asc, eq } from 'drizzle-orm';
import { categories } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/** spec §7 categories: the active ones, ordered by sort_order. */
export async function listCategories(ctx: Pick<AppContext, 'db'>) {
  return ctx.db
    .select({
      id: categories.id,
      name: categories.name,
      color: categories.color,
      description: categories.description,
      sortOrder: categories.sortOrder,
    })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}
