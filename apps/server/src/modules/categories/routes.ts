import { ZCategoriesResponse } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCategories } from './list-categories';

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
      const rows = await listCategories(app);
      reply.header('cache-control', 'public, max-age=300');
      return { categories: rows };
    },
  );
};
