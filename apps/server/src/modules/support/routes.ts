import { ZContactRequest } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitContactMessages, submitContactMessage } from './submit-contact-message';

/** The public contact form of /support (spec §2 Support); admins read it at /api/admin/support. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/messages',
    {
      schema: {
        tags: ['support'],
        summary: 'Leave a message for the support team (kept for the admin support inbox)',
        body: ZContactRequest,
        response: { 201: z.object({ id: z.uuid() }) },
      },
    },
    async (request, reply) => {
      await limitContactMessages(app, { ip: request.ip, email: request.body.email });
      return reply.code(201).send(await submitContactMessage(app, request.body));
    },
  );
};
