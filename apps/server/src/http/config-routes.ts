import { ZPublicConfig } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { capturesAtOnce } from '../modules/payments';
import { invalidateSettings, publicConfig, SETTINGS_CHANNEL_USER } from '../modules/settings';
import { hasMailbox, MAILBOX_PATH } from '../platform/dev-outbox';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', async () => {
    app.events.subscribe(SETTINGS_CHANNEL_USER, () => invalidateSettings(app.db));
  });

  app.get('/config', { schema: { tags: ['config'], response: { 200: ZPublicConfig } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    // ARCHITECTURE §2: a window longer than a card hold can last is charged now and refunded later.
    return publicConfig(app, {
      chargesAtOnce: (windowHours) => capturesAtOnce(windowHours, app.payments),
      mailboxUrl: hasMailbox(app.config, app.mailer) ? MAILBOX_PATH : null,
    });
  });
};
