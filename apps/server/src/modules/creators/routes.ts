import { ZFeaturedCreatorsResponse, ZQuickSearchQuery, ZQuickSearchResponse } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listFeaturedCreators } from './list-featured-creators';
import { quickSearchCreators } from './quick-search-creators';

export const creatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/creators/featured',
    {
      schema: {
        tags: ['creators'],
        summary: 'Featured creators for the landing carousel',
        response: { 200: ZFeaturedCreatorsResponse },
      },
    },
    async () => ({ creators: await listFeaturedCreators({ db: app.db }) }),
  );

  app.get(
    '/creators/quick-search',
    {
      schema: {
        tags: ['creators'],
        summary: 'Creator suggestions for the search box',
        querystring: ZQuickSearchQuery,
        response: { 200: ZQuickSearchResponse },
      },
    },
    async (request) => ({ creators: await quickSearchCreators({ db: app.db, term: request.query.q }) }),
  );
};
