import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    color: text('color'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_name_lower_key').on(sql`lower(${t.name})`),
    index('categories_active_sort_idx').on(t.sortOrder).where(sql`${t.isActive}`),
  ],
);
