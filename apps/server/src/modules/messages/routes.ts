import {
  ZAtRiskResponse,
  ZConversationDetail,
  ZConversationsResponse,
  ZCreatorStats,
  ZDeclineRequest,
  ZReplyRequest,
  ZText,
} from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profiles } from '../../db/schema';
import { isActiveAdmin, requireUser, userId } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { answerConversation } from './answer-conversation';
import { creatorStats } from './creator-stats';
import { declineConversation } from './decline-conversation';
import { getConversation } from './get-conversation';
import { listAtRisk } from './list-at-risk';
import { listConversations } from './list-conversations';

const ZMessageParams = z.object({ messageId: z.uuid() });
const ZAnswered = z.object({ messageId: z.uuid() });

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/conversations',
    {
      schema: {
        tags: ['messages'],
        querystring: z.object({
          search: ZText.trim().max(100).optional(),
          cursor: ZText.max(500).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        }),
        response: { 200: ZConversationsResponse },
      },
    },
    async (request) =>
      listConversations(app.db, {
        userId: userId(request),
        now: app.clock.now(),
        search: request.query.search || undefined,
        cursor: request.query.cursor || undefined,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/conversations/:messageId',
    { schema: { tags: ['messages'], params: ZMessageParams, response: { 200: ZConversationDetail } } },
    async (request) => {
      const viewerId = userId(request);
      return getConversation(app.db, {
        messageId: request.params.messageId,
        viewerId,
        viewerIsAdmin: await isActiveAdmin(app, viewerId),
        now: app.clock.now(),
      });
    },
  );

  // A response and a free follow-up differ only in kind (spec §4 Creator reply box).
  for (const [path, kind] of [
    ['reply', 'response'],
    ['follow-up', 'followup'],
  ] as const) {
    app.post(
      `/messages/:messageId/${path}`,
      { schema: { tags: ['messages'], params: ZMessageParams, body: ZReplyRequest, response: { 200: ZAnswered } } },
      async (request) =>
        answerConversation(app, {
          creatorId: userId(request),
          messageId: request.params.messageId,
          content: request.body.content,
          attachmentIds: request.body.attachmentIds,
          kind,
        }),
    );
  }

  app.post(
    '/messages/:messageId/decline',
    {
      schema: {
        tags: ['messages'],
        summary:
          "Creators: decline the conversation's unanswered paid messages with a reason; the money goes back at once",
        params: ZMessageParams,
        body: ZDeclineRequest,
        response: { 200: z.object({ declined: z.number().int() }) },
      },
    },
    async (request) =>
      declineConversation(app, {
        creatorId: userId(request),
        messageId: request.params.messageId,
        reason: request.body.reason,
        note: request.body.note || undefined,
      }),
  );

  app.get('/creator/stats', { schema: { tags: ['messages'], response: { 200: ZCreatorStats } } }, async (request) =>
    creatorStats(app.db, { creatorId: userId(request), now: app.clock.now() }),
  );

  app.get(
    '/creator/at-risk',
    {
      schema: {
        tags: ['messages'],
        summary: 'Creators: open paid messages with the least time left (the inbox "at risk" strip)',
        response: { 200: ZAtRiskResponse },
      },
    },
    async (request) => {
      const creatorId = userId(request);
      const [me] = await app.db
        .select({ isCreator: profiles.isCreator })
        .from(profiles)
        .where(eq(profiles.id, creatorId));
      // Only creators have an inbox to be at risk in (spec §6): anyone else is refused, not shown nothing.
      if (!me?.isCreator) throw new AppError('FORBIDDEN', 'Only creators have an inbox.');
      return listAtRisk(app.db, { creatorId, now: app.clock.now() });
    },
  );
};
