import { ZOnboardingLinkResponse, ZPayoutAccountStatus, ZSimulatedBankRequest } from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../platform/auth-guard';
import {
  completeSimulatedOnboarding,
  createDashboardLink,
  createOnboardingLink,
  getPayoutAccountStatus,
  setSimulatedBank,
} from './payout-account';

const tags = ['payouts'];

/** spec §7 stripe-connect's two actions, as REST: get-account-status and create-onboarding-link. */
export const payoutAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get('/stripe-connect/status', { schema: { tags, response: { 200: ZPayoutAccountStatus } } }, async (request) =>
    getPayoutAccountStatus(app, { creatorId: userId(request) }),
  );

  // The origin is never taken from the browser: links go back to PUBLIC_URL.
  app.post(
    '/stripe-connect/onboarding-link',
    { schema: { tags, response: { 200: ZOnboardingLinkResponse } } },
    async (request) => ({ url: await createOnboardingLink(app, { creatorId: userId(request) }) }),
  );

  // Stripe Express's dashboard (bank account, payout details), through a single-use login link.
  app.post(
    '/stripe-connect/dashboard-link',
    {
      schema: {
        tags,
        summary: 'A login link into the Stripe Express dashboard',
        response: { 200: ZOnboardingLinkResponse },
      },
    },
    async (request) => ({ url: await createDashboardLink(app, { creatorId: userId(request) }) }),
  );

  // The simulated onboarding exists exactly when the built-in test provider does (the same gate as the
  // test checkout and test-send): labelled as a simulation in the UI, absent whenever Stripe is configured.
  if (app.payments.name !== 'local') return;
  app.post(
    '/stripe-connect/simulated/complete',
    {
      schema: {
        tags,
        summary: 'Local provider only: finish the simulated onboarding',
        response: { 200: ZPayoutAccountStatus },
      },
    },
    async (request) => completeSimulatedOnboarding(app, { creatorId: userId(request) }),
  );

  app.post(
    '/stripe-connect/simulated/bank',
    {
      schema: {
        tags,
        summary: 'Local provider only: the simulated bank pays or rejects payouts',
        body: ZSimulatedBankRequest,
        response: { 200: ZPayoutAccountStatus },
      },
    },
    async (request) => setSimulatedBank(app, { creatorId: userId(request), outcome: request.body.outcome }),
  );
};
