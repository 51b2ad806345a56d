import { ZPublicConfig } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidateSettings } from './platform-settings';
import { publicConfig } from './public-config';

/** The pseudo user whose "events" are settings saves: every instance listens and drops its cache. */
export const SETTINGS_CHANNEL_USER = '__platform_settings__';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    app.events.subscribe(SETTINGS_CHANNEL_USER, () => invalidateSettings(app.db));
  });

  app.get('/config', { schema: { tags: ['config'], response: { 200: ZPublicConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return publicConfig(app);
  });
};
