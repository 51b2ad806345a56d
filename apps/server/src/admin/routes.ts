import { Readable } from 'node:stream';
import {
  ZAccountDeletionState,
  ZAdminActivityResponse,
  ZAdminDispute,
  ZAdminDisputeEvidence,
  ZAdminDisputesQuery,
  ZAdminDisputesResponse,
  ZAdminEditUser,
  ZAdminFeature,
  ZAdminMe,
  ZAdminMessagesQuery,
  ZAdminMessagesResponse,
  ZAdminRefundAnsweredRequest,
  ZAdminRefundAnsweredResult,
  ZAdminRefundResult,
  ZAdminStats,
  ZAdminSystem,
  ZAdminTransactionDetails,
  ZAdminTransactionsQuery,
  ZAdminTransactionsResponse,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZAdminVitals,
  ZAuditQuery,
  ZAuditResponse,
  ZModerationQuery,
  ZModerationResponse,
  ZModerationReview,
  ZPlatformSettings,
  ZSettingsResponse,
  ZStuckJobResult,
  ZStuckJobsResponse,
  ZSupportHandled,
  ZSupportQuery,
  ZSupportResponse,
  ZUuid,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelAccountClosure, closeAccount, refundAnsweredMessage, refundMessage, reviewReport } from '../flows';
import { listAudit } from '../modules/audit';
import { accountDeletionOf } from '../modules/auth';
import { listReports } from '../modules/moderation';
import { listDisputes, submitDisputeEvidence } from '../modules/payments';
import { readAllSettings } from '../modules/settings';
import { listContactMessages, markContactMessageHandled } from '../modules/support';
import { summarizeVitals } from '../modules/vitals';
import { exportTransactionsCsv } from './export-transactions-csv';
import { getStats } from './get-stats';
import { getSystem } from './get-system';
import { getTransaction } from './get-transaction';
import { adminGuard, currentAdmin, requirePermission, requireSuperAdmin } from './guard';
import { listActivity } from './list-activity';
import { listAdminMessages } from './list-messages';
import { listTransactions } from './list-transactions';
import { listUsers } from './list-users';
import { saveSettings } from './save-settings';
import { listStuckJobs, settleStuckJob } from './stuck-jobs';
import { editUser, makeCreator, setFeatured } from './update-user';

const ZUserParams = z.object({ userId: ZUuid });
const ZMessageParams = z.object({ messageId: ZUuid });
const ZPaymentParams = z.object({ paymentId: ZUuid });
const ZReportParams = z.object({ reportId: ZUuid });
const ZContactParams = z.object({ contactMessageId: ZUuid });
const ZDisputeParams = z.object({ id: ZUuid });
const ZStuckJobParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['admin'];

/**
 * Everything under /api/admin. The guard is one onRequest hook on the whole subtree (ARCHITECTURE
 * §8), so a new route cannot forget it, and a refused caller learns nothing from validation errors.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', adminGuard);

  app.get('/me', { schema: { tags, response: { 200: ZAdminMe } } }, async (request) => currentAdmin(request));

  app.get('/stats', { schema: { tags, response: { 200: ZAdminStats } } }, async () => getStats(app.db));

  // Real visitors' Web Vitals per route (issue 28, decision 0038).
  app.get('/vitals', { schema: { tags, response: { 200: ZAdminVitals } } }, async () => summarizeVitals(app));

  app.get('/activity', { schema: { tags, response: { 200: ZAdminActivityResponse } } }, async () => ({
    events: await listActivity(app.db, 5),
  }));

  app.get(
    '/audit',
    {
      schema: {
        tags,
        querystring: ZAuditQuery,
        response: { 200: ZAuditResponse },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  app.get(
    '/users',
    { schema: { tags, querystring: ZAdminUsersQuery, response: { 200: ZAdminUsersResponse } } },
    async (request) => {
      requirePermission(request, 'users');
      return listUsers(app.db, request.query);
    },
  );

  app.patch(
    '/users/:userId',
    {
      schema: { tags, params: ZUserParams, body: ZAdminEditUser, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      const admin = requirePermission(request, 'users');
      await editUser(app, { adminId: admin.id, userId: request.params.userId, edit: request.body });
      return { ok: true as const };
    },
  );

  // Issue 41 (decision 0058): an admin starts a user's account deletion (no password: the admin's own
  // permission and the audit row stand for it), follows it, and may cancel it within the grace.
  app.get(
    '/users/:userId/account-deletion',
    { schema: { tags, params: ZUserParams, response: { 200: ZAccountDeletionState } } },
    async (request) => {
      requirePermission(request, 'users');
      return { deletion: await accountDeletionOf(app.db, request.params.userId) };
    },
  );

  app.post(
    '/users/:userId/account-deletion',
    { schema: { tags, params: ZUserParams, response: { 201: ZAccountDeletionState } } },
    async (request, reply) => {
      const admin = requirePermission(request, 'users');
      const result = await closeAccount(app, { userId: request.params.userId, adminId: admin.id });
      return reply.status(201).send(result);
    },
  );

  app.delete(
    '/users/:userId/account-deletion',
    { schema: { tags, params: ZUserParams, response: { 200: ZAccountDeletionState } } },
    async (request) => {
      const admin = requirePermission(request, 'users');
      return cancelAccountClosure(app, { userId: request.params.userId, adminId: admin.id });
    },
  );

  app.post(
    '/users/:userId/make-creator',
    { schema: { tags, params: ZUserParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const admin = requireSuperAdmin(request);
      await makeCreator(app, { adminId: admin.id, userId: request.params.userId });
      return { ok: true as const };
    },
  );

  app.put(
    '/users/:userId/featured',
    {
      schema: { tags, params: ZUserParams, body: ZAdminFeature, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      const admin = requireSuperAdmin(request);
      await setFeatured(app, { adminId: admin.id, userId: request.params.userId, featured: request.body.featured });
      return { ok: true as const };
    },
  );

  app.get('/settings', { schema: { tags, response: { 200: ZSettingsResponse } } }, async (request) => {
    requirePermission(request, 'settings');
    return readAllSettings(app.db);
  });

  app.put(
    '/settings',
    { schema: { tags, body: ZPlatformSettings, response: { 200: ZSettingsResponse } } },
    async (request) => {
      const admin = requirePermission(request, 'settings');
      return saveSettings(app, { adminId: admin.id, settings: request.body });
    },
  );

  app.get(
    '/messages',
    { schema: { tags, querystring: ZAdminMessagesQuery, response: { 200: ZAdminMessagesResponse } } },
    async (request) => {
      requirePermission(request, 'messages');
      return listAdminMessages(app.db, request.query);
    },
  );

  app.post(
    '/messages/:messageId/refund',
    { schema: { tags, params: ZMessageParams, response: { 200: ZAdminRefundResult } } },
    async (request) => {
      const admin = requirePermission(request, 'transactions');
      return refundMessage(app, { adminId: admin.id, messageId: request.params.messageId });
    },
  );

  // Decision 0055: a ruling for the fan on an answered message refunds them and takes the creator's earning
  // back (its transfer reversed once paid out, or netted against the next payouts). The reason is audited.
  app.post(
    '/messages/:messageId/refund-answered',
    {
      schema: {
        tags,
        summary: 'Refund the fan of an answered message and take the creator’s earning back',
        params: ZMessageParams,
        body: ZAdminRefundAnsweredRequest,
        response: { 200: ZAdminRefundAnsweredResult },
      },
    },
    async (request) => {
      const admin = requirePermission(request, 'transactions');
      return refundAnsweredMessage(app, {
        adminId: admin.id,
        messageId: request.params.messageId,
        reason: request.body.reason,
      });
    },
  );

  app.get(
    '/transactions',
    { schema: { tags, querystring: ZAdminTransactionsQuery, response: { 200: ZAdminTransactionsResponse } } },
    async (request) => {
      requirePermission(request, 'transactions');
      return listTransactions(app.db, { ...request.query, now: app.clock.now() });
    },
  );

  // Stuck jobs (issue 35, decision 0039): dead outbox rows, retried or dropped, each audited.
  app.get('/stuck-jobs', { schema: { tags, response: { 200: ZStuckJobsResponse } } }, async (request) => {
    requirePermission(request, 'transactions');
    return listStuckJobs(app);
  });

  // System (issue 40, decision 0064): instances, outbox backlog, overdue messages and backups, read as
  // the metrics read them. Any admin may look; retrying or dropping a dead row stays with Stuck jobs.
  app.get('/system', { schema: { tags, response: { 200: ZAdminSystem } } }, async () => getSystem(app));

  for (const action of ['retry', 'drop'] as const) {
    app.post(
      `/stuck-jobs/:id/${action}`,
      { schema: { tags, params: ZStuckJobParams, response: { 200: ZStuckJobResult } } },
      async (request) => {
        const admin = requirePermission(request, 'transactions');
        return settleStuckJob(app, { adminId: admin.id, id: request.params.id, action });
      },
    );
  }

  // Chargebacks (issue 37 gap 2, decision 0054): the list with each deadline, and text evidence sent to the bank, audited.
  app.get(
    '/disputes',
    { schema: { tags, querystring: ZAdminDisputesQuery, response: { 200: ZAdminDisputesResponse } } },
    async (request) => {
      requirePermission(request, 'transactions');
      return listDisputes(app.db, request.query);
    },
  );

  app.post(
    '/disputes/:id/evidence',
    { schema: { tags, params: ZDisputeParams, body: ZAdminDisputeEvidence, response: { 200: ZAdminDispute } } },
    async (request) => {
      const admin = requirePermission(request, 'transactions');
      return submitDisputeEvidence(app, { adminId: admin.id, id: request.params.id, ...request.body });
    },
  );

  app.get(
    '/transactions/export.csv',
    {
      schema: {
        tags,
        summary: 'The transactions list as CSV (UTF-8 with BOM), with the same search and filter',
        querystring: ZAdminTransactionsQuery.omit({ page: true, limit: true }),
      },
    },
    async (request, reply) => {
      requirePermission(request, 'transactions');
      const day = app.clock.now().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fanline-transactions-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(exportTransactionsCsv(app.db, request.query)));
    },
  );

  app.get(
    '/transactions/:paymentId',
    { schema: { tags, params: ZPaymentParams, response: { 200: ZAdminTransactionDetails } } },
    async (request) => {
      requirePermission(request, 'transactions');
      return getTransaction(app.db, request.params.paymentId);
    },
  );

  app.get(
    '/moderation',
    { schema: { tags, querystring: ZModerationQuery, response: { 200: ZModerationResponse } } },
    async (request) => {
      requirePermission(request, 'moderation');
      return listReports(app.db, request.query);
    },
  );

  app.post(
    '/moderation/:reportId/review',
    {
      schema: {
        tags,
        params: ZReportParams,
        body: ZModerationReview,
        response: { 200: z.object({ status: z.enum(['approved', 'rejected']) }) },
      },
    },
    async (request) => {
      const admin = requirePermission(request, 'moderation');
      return reviewReport(app, { adminId: admin.id, reportId: request.params.reportId, review: request.body });
    },
  );
  app.get(
    '/support',
    { schema: { tags, querystring: ZSupportQuery, response: { 200: ZSupportResponse } } },
    async (request) => {
      requirePermission(request, 'support');
      return listContactMessages(app.db, request.query);
    },
  );

  app.post(
    '/support/:contactMessageId/handled',
    { schema: { tags, params: ZContactParams, response: { 200: ZSupportHandled } } },
    async (request) => {
      const admin = requirePermission(request, 'support');
      return markContactMessageHandled(app, { adminId: admin.id, contactMessageId: request.params.contactMessageId });
    },
  );
};
