import { ZReportRequest } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
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
};
