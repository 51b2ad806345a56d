import { LIMITS, ZEarningsSummary, ZPayout, ZPayoutList, ZPayoutListQuery } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCreator, requireUser, userId } from '../../platform/auth-guard';
import { readSettings } from '../settings';
import { earningsSummary } from './earnings-summary';
import { exportEarningsCsv } from './export-earnings';
import { listPayouts, payoutView } from './list-payouts';
import { requestPayout } from './request-payout';
import { retryPayout } from './retry-payout';

const tags = ['earnings'];

/** spec §2 Earnings and the Request Payout button; creators only: a fan is refused (403), not shown zeros. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);
  app.addHook('preHandler', async (request) =>
    requireCreator(app, { userId: userId(request), message: 'Only creators have earnings, payouts and a price.' }),
  );

  app.get('/creator/earnings', { schema: { tags, response: { 200: ZEarningsSummary } } }, async (request) =>
    earningsSummary(app, userId(request)),
  );

  app.get(
    '/creator/earnings/export.csv',
    { schema: { tags, summary: 'Every earning as CSV', produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await exportEarningsCsv(app.db, userId(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="fanline-earnings.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/creator/payouts',
    { schema: { tags, querystring: ZPayoutListQuery, response: { 200: ZPayoutList } } },
    async (request) => ({
      ...(await listPayouts(app.db, userId(request), request.query)),
      simulated: app.payments.name === 'local',
    }),
  );

  app.post(
    '/creator/payouts',
    { schema: { tags, summary: 'Pay out the whole available balance', response: { 201: ZPayout } } },
    async (request, reply) =>
      reply.status(201).send(payoutView(await requestPayout(app, { creatorId: userId(request) }))),
  );

  /** A failed payout whose money is on the creator's Stripe balance, paid out again (decision 0029). */
  app.post(
    '/creator/payouts/:id/retry',
    {
      schema: {
        tags,
        summary: 'Pay a failed payout out again',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZPayout },
      },
    },
    async (request) => {
      const row = await retryPayout(app, { creatorId: userId(request), payoutId: request.params.id });
      if (!row) throw new Error('retried payout vanished');
      return payoutView(row);
    },
  );

  /** The Pricing tab's bounds: live platform settings, never literals in the UI (STYLE, ARCHITECTURE §2). */
  app.get(
    '/creator/price-bounds',
    {
      schema: {
        tags,
        response: { 200: z.object({ minDollars: z.number(), maxDollars: z.number(), stepDollars: z.number() }) },
      },
    },
    async () => {
      const s = await readSettings(app.db, ['min_message_price', 'max_message_price']);
      return {
        minDollars: s.min_message_price,
        maxDollars: s.max_message_price,
        stepDollars: LIMITS.price.stepDollars,
      };
    },
  );
};
