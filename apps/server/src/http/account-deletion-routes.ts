import { ZAccountDeletionRequest, ZAccountDeletionState, ZCancelDeletionByLink } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelAccountClosure, closeAccount } from '../flows';
import { accountDeletionOf } from '../modules/auth';
import { requireUser, userId } from '../platform/auth-guard';
import { AppError } from '../platform/errors';

/**
 * Issue 41 point 2 (decision 0058): close your account, see whether it is closing, and cancel within the
 * 14-day grace, signed in or through the mailed link (its token from the URL fragment, decision 0046).
 */
export const accountDeletionLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/account-deletion/cancel',
    {
      schema: {
        tags: ['account'],
        summary: 'Cancel a pending account deletion with the mailed link’s token',
        body: ZCancelDeletionByLink,
        response: { 200: ZAccountDeletionState },
      },
    },
    async (request) => cancelAccountClosure(app, { token: request.body.token }),
  );
};

export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/me/account-deletion',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether the caller’s account is closing, and when it will be erased',
        response: { 200: ZAccountDeletionState },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { deletion: await accountDeletionOf(app.db, userId(request)) };
    },
  );

  app.post(
    '/me/account-deletion',
    {
      schema: {
        tags: ['account'],
        summary: 'Close the caller’s account (password re-entered): open messages refunded, erasure in 14 days',
        body: ZAccountDeletionRequest,
        response: { 201: ZAccountDeletionState },
      },
    },
    async (request, reply) => {
      const session = request.auth;
      if (!session) throw new AppError('UNAUTHENTICATED', 'Authentication required');
      const result = await closeAccount(app, {
        userId: session.userId,
        sessionId: session.sessionId,
        password: request.body.password,
      });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/me/account-deletion',
    {
      schema: {
        tags: ['account'],
        summary: 'Cancel the caller’s pending account deletion',
        response: { 200: ZAccountDeletionState },
      },
    },
    async (request) => cancelAccountClosure(app, { userId: userId(request) }),
  );
};
