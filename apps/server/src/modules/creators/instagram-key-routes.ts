import { ZInstagramKeyRequest, ZInstagramKeyStatus } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, userId } from '../../platform/auth-guard';
import { instagramKeyStatus, saveInstagramKey } from './instagram-key';

/** The external lookup's API key dialog (spec §2 Find Creators): admins only; the key is never sent back. */
export const instagramKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireAdmin);

  app.get('/instagram-key', { schema: { tags: ['admin'], response: { 200: ZInstagramKeyStatus } } }, async () =>
    instagramKeyStatus(app),
  );

  app.put(
    '/instagram-key',
    { schema: { tags: ['admin'], body: ZInstagramKeyRequest, response: { 200: ZInstagramKeyStatus } } },
    async (request) => saveInstagramKey(app, { apiKey: request.body.apiKey, adminId: userId(request) }),
  );
};
