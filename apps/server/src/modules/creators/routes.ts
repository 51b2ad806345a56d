import {
  ZBrowseQuery,
  ZBrowseResponse,
  ZFeaturedCreatorsResponse,
  ZFindCreatorsQuery,
  ZFindCreatorsResponse,
  ZLandingResponse,
  ZQuickSearchQuery,
  ZQuickSearchResponse,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { compiledSerializerCompiler } from '../../platform/compiled-serializer';
import { listTestimonials } from '../reviews';
import { browseCacheFor } from './browse-cache';
import { browseCreators } from './browse-creators';
import { findCreators } from './find-creators';
import { landingFigures } from './landing-figures';
import { listFeaturedCreators } from './list-featured-creators';
import { quickSearchCreators } from './quick-search-creators';

export const creatorRoutes: FastifyPluginAsyncZod = async (app) => {
  // Browse answers are serialized here, once per cached answer, by the same compiled serializer the
  // route would use; a string sent as application/json goes out as it is.
  const serializeBrowse = compiledSerializerCompiler({
    schema: ZBrowseResponse,
    method: 'GET',
    url: '/api/creators',
    httpStatus: '200',
  });
  const browseCache = browseCacheFor(app.db);
  // Issue 39: the hit ratio under load, per read.
  const counted = (read: 'browse' | 'landing') => (hit: boolean) =>
    (hit ? app.metrics.browseCacheHits : app.metrics.browseCacheMisses).inc({ read });
  const countBrowse = counted('browse');
  const countLanding = counted('landing');
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

  // Issue 25 §2: the landing's figures and quotes, counted from the database. One answer for every
  // visitor, kept as briefly as a browse page and emptied by the same writes and events.
  const serializeLanding = compiledSerializerCompiler({
    schema: ZLandingResponse,
    method: 'GET',
    url: '/api/creators/landing',
    httpStatus: '200',
  });
  app.get(
    '/creators/landing',
    {
      schema: {
        tags: ['creators'],
        summary: 'The landing: creators online now, verified creators, answered-in-time rate, testimonials',
        response: { 200: ZLandingResponse },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    async (_request, reply) => {
      const body = await browseCache.through(
        'landing',
        app.config.browseCacheMs,
        async () => {
          const [figures, testimonials] = await Promise.all([
            landingFigures(app.db, { now: app.clock.now() }),
            listTestimonials(app.db),
          ]);
          return serializeLanding({ ...figures, testimonials });
        },
        countLanding,
      );
      return reply.type('application/json; charset=utf-8').send(body as unknown as z.output<typeof ZLandingResponse>);
    },
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
    async (request, reply) => {
      const body = await browseCache.through(
        JSON.stringify(request.query),
        app.config.browseCacheMs,
        async () => serializeBrowse(await browseCreators({ db: app.db, query: request.query })),
        countBrowse,
      );
      // Already JSON: Fastify sends a string typed application/json as it is (the type provider only
      // knows the object form).
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as Awaited<ReturnType<typeof browseCreators>>);
    },
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
