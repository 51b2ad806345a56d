import { ZNotAnAnswerRequest, ZReportRequest } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { flagNotAnAnswer } from './flag-not-an-answer';
import { reportContent } from './report-content';

/** Reports from the conversation view (issue #12). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);
  app.post(
    '/messages/:messageId/report',
    {
      schema: {
        tags: ['moderation'],
        params: z.object({ messageId: z.uuid() }),
        body: ZReportRequest,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (request, reply) => {
      const report = await reportContent(app, {
        reporterId: userId(request),
        messageId: request.params.messageId,
        report: request.body,
      });
      return reply.code(201).send(report);
    },
  );
  // Issue #13: the fan who paid flags the reply "not an answer" within 48 hours (decision 0016).
  app.post(
    '/messages/:messageId/not-an-answer',
    {
      schema: {
        tags: ['moderation'],
        params: z.object({ messageId: z.uuid() }),
        body: ZNotAnAnswerRequest,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (request, reply) => {
      const flag = await flagNotAnAnswer(app, {
        fanId: userId(request),
        messageId: request.params.messageId,
        request: request.body,
      });
      return reply.code(201).send(flag);
    },
  );
};
