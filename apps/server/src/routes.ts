import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes';
import { accountDeletionLinkRoutes, accountDeletionRoutes } from './http/account-deletion-routes';
import { careRoutes } from './http/care-routes';
import { checkoutRoutes } from './http/checkout-routes';
import { settingsRoutes } from './http/config-routes';
import { creatorSetupRoutes } from './http/creator-setup-routes';
import { realtimeRoutes } from './http/event-stream-routes';
import { messageRoutes } from './http/message-routes';
import { metricsRoutes } from './http/metrics-routes';
import { presenceRoutes } from './http/presence-routes';
import { publicProfileRoutes } from './http/public-profile-routes';
import { attachmentRoutes } from './modules/attachments/routes';
import { hashToken, registerAuthHooks, sessionTokenOf } from './modules/auth';
import { authRoutes } from './modules/auth/routes';
import { categoryRoutes } from './modules/categories/routes';
import { instagramKeyRoutes } from './modules/creators/instagram-key-routes';
import { creatorRoutes } from './modules/creators/routes';
import { dataExportRoutes } from './modules/data-export/routes';
import { fanRoutes } from './modules/fans/routes';
import { healthRoutes } from './modules/health/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { reportRoutes } from './modules/moderation/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe-routes';
import { payoutAccountRoutes } from './modules/payments/payout-account-routes';
import { paymentConfigRoutes, paymentRoutes } from './modules/payments/routes';
import { stripeWebhookRoutes } from './modules/payments/stripe/webhook-routes';
import { profileRoutes } from './modules/profiles/routes';
import { registerStreamAdmission } from './modules/realtime';
import { reviewRoutes } from './modules/reviews/routes';
import { supportRoutes } from './modules/support/routes';
import { verificationRoutes } from './modules/verification/routes';
import { vitalsRoutes } from './modules/vitals/routes';

/**
 * The route table: the one place that registers the HTTP routes (decision 0021). A module's index.ts
 * exports functions and types only, so importing one never loads routes. A module's own routes file
 * (modules/<x>/routes.ts) calls its module and lower tiers only, as the module does; routes that
 * compose modules of several tiers or a flow live in src/http/. Nothing imports a routes file but this.
 */

/** The request hooks modules own, in the order they must run: stream admission, then the session. */
export function registerModuleHooks(app: FastifyInstance): void {
  // Streams are admitted before any session lookup (realtime), keyed by the session cookie (auth).
  registerStreamAdmission(app, {
    sessionOf: (request) => {
      const token = sessionTokenOf(request);
      return token ? hashToken(token) : undefined;
    },
  });
  registerAuthHooks(app);
}

/** Every route under /api. */
export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(creatorRoutes);
      await api.register(categoryRoutes);
      await api.register(authRoutes);
      await api.register(accountDeletionLinkRoutes);
      await api.register(accountDeletionRoutes);
      await api.register(profileRoutes);
      await api.register(publicProfileRoutes);
      await api.register(instagramKeyRoutes);
      await api.register(checkoutRoutes);
      await api.register(paymentRoutes);
      await api.register(paymentConfigRoutes);
      await api.register(stripeWebhookRoutes);
      await api.register(messageRoutes);
      await api.register(notificationRoutes);
      await api.register(reportRoutes);
      await api.register(attachmentRoutes);
      await api.register(fanRoutes);
      await api.register(careRoutes);
      await api.register(creatorSetupRoutes);
      await api.register(realtimeRoutes);
      await api.register(verificationRoutes);
      await api.register(reviewRoutes);
      await api.register(presenceRoutes);
      await api.register(ledgerRoutes);
      await api.register(payoutAccountRoutes);
      await api.register(settingsRoutes);
      await api.register(supportRoutes);
      await api.register(dataExportRoutes);
      await api.register(vitalsRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
}

/**
 * Pages outside /api: the unsubscribe link of every product email (PUBLIC_URL/unsubscribe), and the
 * Prometheus metrics (/metrics, with METRICS_TOKEN only).
 */
export async function registerPageRoutes(app: FastifyInstance): Promise<void> {
  await app.register(unsubscribeRoutes);
  await app.register(metricsRoutes);
}
