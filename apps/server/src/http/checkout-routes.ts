import { ZCheckoutRequest, ZCheckoutResponse, ZPaymentResult } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startCheckout, testSendMessage } from '../flows';
import { testSendEnabled } from '../modules/payments';
import { requireUser, userId } from '../platform/auth-guard';

/**
 * Checkout (spec §7 create-checkout-session) and, with the local provider outside production,
 * test-send (ARCHITECTURE §7): both start the pay-a-message flow (decision 0070), so they sit here
 * rather than in payments' routes. The checkout pages themselves stay payments' (local/routes.ts).
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.post(
    '/checkout',
    {
      schema: { tags: ['payments'], body: ZCheckoutRequest, response: { 200: ZCheckoutResponse } },
      config: { idempotent: true },
    },
    async (request) => {
      const { url } = await startCheckout(app, {
        senderId: userId(request),
        recipientId: request.body.recipientId,
        content: request.body.messageContent,
        attachmentIds: request.body.attachmentIds,
        log: request.log,
      });
      return { url };
    },
  );

  if (!testSendEnabled(app)) return;

  app.post(
    '/messages/test-send',
    {
      schema: {
        tags: ['payments'],
        summary: 'Local provider only: send without the card form',
        body: ZCheckoutRequest,
        response: { 200: ZPaymentResult },
      },
      config: { idempotent: true },
    },
    async (request) =>
      testSendMessage(app, {
        senderId: userId(request),
        recipientId: request.body.recipientId,
        content: request.body.messageContent,
        attachmentIds: request.body.attachmentIds,
        log: request.log,
      }),
  );
};
