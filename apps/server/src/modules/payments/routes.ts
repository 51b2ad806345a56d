import { ZPaymentConfig, ZPaymentReceipt } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { localCheckoutRoutes } from './local/routes';
import { getPaymentConfig } from './payment-config';
import { getPaymentReceipt } from './payment-receipt';

/**
 * A payment's receipt and, with the local provider, its test checkout. Starting a checkout is the
 * pay-a-message flow's, so its route is src/http/checkout-routes.ts (decision 0070).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/payments/:paymentId',
    {
      schema: {
        tags: ['payments'],
        summary: "The caller's own payment as /payment-success shows it; anyone else's, or an unknown id, is a 404",
        params: z.object({ paymentId: z.uuid() }),
        response: { 200: ZPaymentReceipt },
      },
    },
    async (request) => getPaymentReceipt(app, { paymentId: request.params.paymentId, viewerId: userId(request) }),
  );

  if (app.payments.name === 'local') await app.register(localCheckoutRoutes);
};

/** The payment facts the web's copy needs (public). */
export const paymentConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        response: {
          200: ZPaymentConfig,
        },
      },
    },
    async () => getPaymentConfig(app),
  );
};
