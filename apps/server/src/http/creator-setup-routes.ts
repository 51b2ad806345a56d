import { ZCreatorSetup } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasPaidMessages } from '../modules/messages';
import { creatorSetupFacts, markLinkShared } from '../modules/profiles';
import { requireCreator, requireUser, userId } from '../platform/auth-guard';

const tags = ['creator setup'];
const CREATORS_ONLY = 'Only creators have a setup checklist.';

/** Issue 36: a new creator's setup checklist (price, photo, payout account, share link) and its one action. */
export const creatorSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);
  const creatorOnly = async (id: string) => {
    await requireCreator(app, { userId: id, message: CREATORS_ONLY });
    return id;
  };

  app.get('/creator/setup', { schema: { tags, response: { 200: ZCreatorSetup } } }, async (request, reply) => {
    const creatorId = await creatorOnly(userId(request));
    reply.header('cache-control', 'private, no-store');
    const [facts, paid] = await Promise.all([creatorSetupFacts(app.db, creatorId), hasPaidMessages(app.db, creatorId)]);
    // Fans who paid have seen the price and found the link (see ZCreatorSetup).
    return {
      steps: { ...facts, price: facts.price || paid, share: facts.share || paid },
      hasPaidMessages: paid,
    };
  });

  app.post('/creator/setup/link-shared', { schema: { tags } }, async (request, reply) => {
    const creatorId = await creatorOnly(userId(request));
    await markLinkShared(app.db, { creatorId, now: app.clock.now() });
    return reply.status(204).send();
  });
};
