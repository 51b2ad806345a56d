import { ZLocalCheckoutView, ZLocalPayRequest, ZPaymentResult } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userId } from '../../../platform/auth-guard';
import { getLocalCheckout } from './get-local-checkout';
import { payLocalCheckout } from './pay-local-checkout';

const ZParams = z.object({ paymentId: z.uuid() });

/**
 * The built-in test checkout (local provider only; in production that takes ALLOW_TEST_PAYMENTS=true,
 * config). Test-send, which never exists in production (ARCHITECTURE §7), is the pay-a-message flow's:
 * src/http/checkout-routes.ts. Registered by ../routes.ts inside its signed-in scope.
 */
export const localCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/local/:paymentId',
    { schema: { tags: ['payments'], params: ZParams, response: { 200: ZLocalCheckoutView } } },
    async (request) => getLocalCheckout(app, { paymentId: request.params.paymentId, viewerId: userId(request) }),
  );

  app.post(
    '/checkout/local/:paymentId/pay',
    {
      schema: { tags: ['payments'], params: ZParams, body: ZLocalPayRequest, response: { 200: ZPaymentResult } },
      config: { idempotent: true },
    },
    async (request) =>
      payLocalCheckout(app, {
        paymentId: request.params.paymentId,
        viewerId: userId(request),
        cardNumber: request.body.cardNumber,
      }),
  );
};
