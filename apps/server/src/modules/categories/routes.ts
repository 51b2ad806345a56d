import { ZCategoriesResponse } from '@fanline/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categories } from '../../db/schema';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['creators'],
        summary: 'Active categories in display order',
        response: { 200: ZCategoriesResponse },
      },
    },
    async (_request, reply) => {
      // spec §7 categories: active ones ordered by sort_order.
      const rows = await app.db
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
      reply.header('cache-control', 'public, max-age=300');
      return { categories: rows };
    },
  );
};
