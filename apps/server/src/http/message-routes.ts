import {
  ZAtRiskResponse,
  ZConversationDetail,
  ZConversationsResponse,
  ZCreatorStats,
  ZDeclineRequest,
  ZReplyRequest,
  ZText,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerConversation, declineConversation, readConversation } from '../flows';
import { attachmentsByMessage } from '../modules/attachments';
import { isBlocked } from '../modules/care';
import { creatorStats, listAtRisk, listConversations } from '../modules/messages';
import { creatorSharesForMessages } from '../modules/payments';
import { isActiveAdmin, requireUser, userId } from '../platform/auth-guard';

const ZMessageParams = z.object({ messageId: z.uuid() });
const ZAnswered = z.object({ messageId: z.uuid() });
const tags = ['messages'];

/** Conversations, the creator's reply box (reply, follow-up, decline) and the inbox cards (spec §2, §4). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/conversations',
    {
      schema: {
        tags,
        querystring: z.object({
          search: ZText.trim().max(100).optional(),
          cursor: ZText.max(500).optional(),
          limit: z.coerce.number().int().min(1).max(100).optional(),
        }),
        response: { 200: ZConversationsResponse },
      },
    },
    // Issue 14: a hot read (the inbox and the conversation list). The body is JSON written by the
    // statement itself (list-conversations.ts): Fastify sends a string typed application/json as it is
    // (the type provider only knows the object form); the schema above documents it.
    async (request, reply) => {
      const body = await listConversations(app, {
        userId: userId(request),
        search: request.query.search || undefined,
        cursor: request.query.cursor || undefined,
        limit: request.query.limit,
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as z.output<typeof ZConversationsResponse>);
    },
  );

  // Who may read a conversation: its two participants, and admins (ARCHITECTURE §4). Reading it reads
  // the bell's notifications about it (issue 36 §11).
  app.get(
    '/conversations/:messageId',
    { schema: { tags, params: ZMessageParams, response: { 200: ZConversationDetail } } },
    async (request) =>
      readConversation(app, {
        messageId: request.params.messageId,
        viewerId: userId(request),
        viewerIsAdmin: await isActiveAdmin(app, userId(request)),
        lookups: { creatorShares: creatorSharesForMessages, attachments: attachmentsByMessage, isBlocked },
      }),
  );

  // spec §4 Creator reply box: a response answers every open paid message of that fan.
  app.post(
    '/messages/:messageId/reply',
    {
      schema: { tags, params: ZMessageParams, body: ZReplyRequest, response: { 200: ZAnswered } },
      config: { idempotent: true },
    },
    async (request) =>
      answerConversation(app, {
        creatorId: userId(request),
        messageId: request.params.messageId,
        content: request.body.content,
        attachmentIds: request.body.attachmentIds,
        kind: 'response',
      }),
  );

  // A free follow-up once the conversation is answered (ARCHITECTURE §7); it, too, answers any open message.
  app.post(
    '/messages/:messageId/follow-up',
    {
      schema: { tags, params: ZMessageParams, body: ZReplyRequest, response: { 200: ZAnswered } },
      config: { idempotent: true },
    },
    async (request) =>
      answerConversation(app, {
        creatorId: userId(request),
        messageId: request.params.messageId,
        content: request.body.content,
        attachmentIds: request.body.attachmentIds,
        kind: 'followup',
      }),
  );

  app.post(
    '/messages/:messageId/decline',
    {
      schema: {
        tags,
        summary:
          "Creators: decline the conversation's unanswered paid messages with a reason; the money goes back at once",
        params: ZMessageParams,
        body: ZDeclineRequest,
        response: { 200: z.object({ declined: z.number().int() }) },
      },
      config: { idempotent: true },
    },
    async (request) =>
      declineConversation(app, {
        creatorId: userId(request),
        messageId: request.params.messageId,
        reason: request.body.reason,
        note: request.body.note || undefined,
      }),
  );

  app.get('/creator/stats', { schema: { tags, response: { 200: ZCreatorStats } } }, async (request) =>
    creatorStats(app, { creatorId: userId(request) }),
  );

  app.get(
    '/creator/at-risk',
    {
      schema: {
        tags,
        summary: 'Creators: open paid messages with the least time left (the inbox "at risk" strip)',
        response: { 200: ZAtRiskResponse },
      },
    },
    async (request) => listAtRisk(app, { creatorId: userId(request) }),
  );
};
