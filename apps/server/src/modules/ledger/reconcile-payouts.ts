import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { payouts } from '../../db/schema';
import { alertPayoutFailure } from '../system-alerts';
import { finishPayout } from './finish-payout';

/** Payouts whose transfer answer was lost (crash, outage) get asked again; the key makes it safe. */
export async function reconcilePayouts(app: FastifyInstance): Promise<void> {
  const before = new Date(app.clock.now().getTime() - 60_000);
  const stuck = await app.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), lt(payouts.createdAt, before)))
    .orderBy(payouts.createdAt)
    .limit(50);
  for (const { id } of stuck) {
    try {
      await finishPayout(app, id);
    } catch (error) {
      app.log.error({ err: error, payoutId: id }, 'payout still not confirmed by the provider');
      await alertPayoutFailure(app, { payoutId: id, error });
    }
  }
}
