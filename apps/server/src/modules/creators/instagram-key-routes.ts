import { ZInstagramKeyRequest, ZInstagramKeyStatus } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformSettings } from '../../db/schema';
import { requireAdmin, userId } from '../../platform/auth-guard';
import { INSTAGRAM_KEY_SETTING, lookupKey } from './external-lookup';
import { forgetSpentQuota } from './guarded-lookup';

/** The external lookup's API key dialog (spec §2 Find Creators): admins only; the key is never sent back. */
export const instagramKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireAdmin);

  app.get('/instagram-key', { schema: { tags: ['admin'], response: { 200: ZInstagramKeyStatus } } }, async () => {
    const { key, source } = await lookupKey(app);
    return { configured: Boolean(key && app.config.instagramLookup.url), source };
  });

  app.put(
    '/instagram-key',
    { schema: { tags: ['admin'], body: ZInstagramKeyRequest, response: { 200: ZInstagramKeyStatus } } },
    async (request) => {
      const now = app.clock.now();
      await app.db
        .insert(platformSettings)
        .values({
          key: INSTAGRAM_KEY_SETTING,
          value: request.body.apiKey,
          description: 'API key of the Instagram-style data service',
          updatedBy: userId(request),
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value: request.body.apiKey, updatedBy: userId(request), updatedAt: now },
        });
      await forgetSpentQuota(app);
      const { key, source } = await lookupKey(app);
      return { configured: Boolean(key && app.config.instagramLookup.url), source };
    },
  );
};
