import { Readable } from 'node:stream';
import {
  ZBillingSummary,
  ZBillingTransactionsQuery,
  ZBillingTransactionsResponse,
  ZPaymentTimeline,
  ZSenderDashboard,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { dismissOnboarding } from './dismiss-onboarding';
import { exportBillingCsv } from './export-billing-csv';
import { getPaymentTimeline } from './get-payment-timeline';
import { getSenderDashboard } from './get-sender-dashboard';
import { listBillingTransactions } from './list-billing-transactions';
import { senderSummary } from './sender-summary';

/** spec §2 Sender dashboard and Sender billing: the fan's side of the money, all computed here. */
export const fanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get('/sender/dashboard', { schema: { tags: ['fans'], response: { 200: ZSenderDashboard } } }, async (request) =>
    getSenderDashboard(app.db, { senderId: userId(request), now: app.clock.now() }),
  );

  app.post('/sender/onboarding/dismiss', { schema: { tags: ['fans'] } }, async (request, reply) => {
    await dismissOnboarding(app.db, { senderId: userId(request), now: app.clock.now() });
    return reply.status(204).send();
  });

  app.get('/billing/summary', { schema: { tags: ['fans'], response: { 200: ZBillingSummary } } }, async (request) =>
    senderSummary(app.db, { senderId: userId(request), now: app.clock.now() }),
  );

  app.get(
    '/billing/transactions',
    {
      schema: {
        tags: ['fans'],
        querystring: ZBillingTransactionsQuery,
        response: { 200: ZBillingTransactionsResponse },
      },
    },
    async (request) =>
      listBillingTransactions(app.db, {
        senderId: userId(request),
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/billing/transactions/:paymentId',
    {
      schema: { tags: ['fans'], params: z.object({ paymentId: z.uuid() }), response: { 200: ZPaymentTimeline } },
    },
    async (request) => getPaymentTimeline(app.db, { senderId: userId(request), paymentId: request.params.paymentId }),
  );

  app.get(
    '/billing/export.csv',
    { schema: { tags: ['fans'], summary: 'The fan’s transactions as CSV (UTF-8 with BOM)' } },
    async (request, reply) => {
      const day = app.clock.now().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fanline-billing-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(
        Readable.from(exportBillingCsv(app.db, { senderId: userId(request), publicUrl: app.config.publicUrl })),
      );
    },
  );
};
