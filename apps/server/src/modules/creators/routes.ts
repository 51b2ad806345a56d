import {
  ZBrowseQuery,
  ZBrowseResponse,
  ZFeaturedCreatorsResponse,
  ZFindCreatorsQuery,
  ZFindCreatorsResponse,
  ZQuickSearchQuery,
  ZQuickSearchResponse,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from '../../platform/compiled-serializer';
import { browseCreators } from './browse-creators';
import { findCreators } from './find-creators';
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

  app.get(
    '/creators',
    {
      schema: {
        tags: ['creators'],
        summary: 'Browse creators: filters, sorts and keyset pages (prices in cents)',
        querystring: ZBrowseQuery,
        response: { 200: ZBrowseResponse },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request) => browseCreators({ db: app.db, query: request.query }),
  );

  app.get(
    '/creators/find',
    {
      schema: {
        tags: ['creators'],
        summary: 'Find Creators: verified creators plus the external lookup',
        querystring: ZFindCreatorsQuery,
        response: { 200: ZFindCreatorsResponse },
      },
    },
    async (request) => findCreators(app, request.query, { userId: request.auth?.userId ?? null, ip: request.ip }),
  );
};
