import {
  MESSAGE_MESSAGES,
  ZCheckoutRequest,
  ZCheckoutResponse,
  ZLocalCheckoutView,
  ZLocalPayRequest,
  ZPaymentResult,
} from '@fanline/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages, payments, profiles } from '../../db/schema';
import { requireUser, userId } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { readSettings } from '../settings';
import { confirmAuthorization } from './confirm-authorization';
import { LOCAL_TEST_CARDS } from './local-provider';
import { startCheckout } from './start-checkout';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.post(
    '/checkout',
    { schema: { tags: ['payments'], body: ZCheckoutRequest, response: { 200: ZCheckoutResponse } } },
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

  // The built-in test checkout exists only with the local provider; in production that takes
  // ALLOW_TEST_PAYMENTS=true (config), and test-send never exists there (ARCHITECTURE §7).
  if (app.payments.name !== 'local') return;

  const ZParams = z.object({ paymentId: z.uuid() });

  app.get(
    '/checkout/local/:paymentId',
    { schema: { tags: ['payments'], params: ZParams, response: { 200: ZLocalCheckoutView } } },
    async (request) => {
      const { payment, message, creator } = await loadOwnPayment(app, request.params.paymentId, userId(request));
      return {
        paymentId: payment.id,
        status: payment.status,
        amount: payment.amountTotal,
        creator,
        messagePreview: message.content.slice(0, 200),
      };
    },
  );

  app.post(
    '/checkout/local/:paymentId/pay',
    { schema: { tags: ['payments'], params: ZParams, body: ZLocalPayRequest, response: { 200: ZPaymentResult } } },
    async (request) => {
      const { payment, creator } = await loadOwnPayment(app, request.params.paymentId, userId(request));
      if (payment.status === 'pending') {
        const card = request.body.cardNumber;
        if (card === LOCAL_TEST_CARDS.declined) {
          throw new AppError('BAD_REQUEST', MESSAGE_MESSAGES.cardDeclined, {
            cardNumber: MESSAGE_MESSAGES.cardDeclined,
          });
        }
        if (card !== LOCAL_TEST_CARDS.success) {
          const hint = 'This is a test checkout: use the test card 4242 4242 4242 4242.';
          throw new AppError('BAD_REQUEST', hint, { cardNumber: hint });
        }
        const { refused } = await confirmAuthorization(app, {
          paymentId: payment.id,
          providerPaymentId: `local_${payment.id}`,
          captured: await capturesAtOnce(app),
        });
        // The creator paused, maintenance began or the price changed since the checkout started.
        if (refused) throw new AppError('CONFLICT', refused);
      } else if (payment.status !== 'authorized' && payment.status !== 'succeeded') {
        throw new AppError(
          'CONFLICT',
          'This checkout is no longer open. Please start again from the creator’s profile.',
        );
      }
      // Paying twice (a double click, a reload) lands on the same success page and charges nothing more.
      return { redirectUrl: successPath(creator.username, payment.amountTotal) };
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
    },
    async (request) => {
      const started = await startCheckout(app, {
        senderId: userId(request),
        recipientId: request.body.recipientId,
        content: request.body.messageContent,
        attachmentIds: request.body.attachmentIds,
        log: request.log,
      });
      const { refused } = await confirmAuthorization(app, {
        paymentId: started.paymentId,
        providerPaymentId: `local_test_${started.paymentId}`,
        captured: await capturesAtOnce(app),
      });
      if (refused) throw new AppError('CONFLICT', refused);
      const { payment, creator } = await loadOwnPayment(app, started.paymentId, userId(request));
      return { redirectUrl: successPath(creator.username, payment.amountTotal) };
    },
  );
};

/** Test-send bypasses payment: only with the local provider, and never in production. */
const testSendEnabled = (app: FastifyInstance) => app.payments.name === 'local' && app.config.payments.testSend;

const successPath = (username: string, cents: number) =>
  `/payment-success?${new URLSearchParams({ creator: username, amount: String(cents / 100) })}`;

async function capturesAtOnce(app: FastifyInstance): Promise<boolean> {
  const { message_expiration_hours: hours } = await readSettings(app.db, ['message_expiration_hours']);
  return hours > app.payments.holdLimitHours;
}

/** A payment of the caller's own; anybody else's is 'not found', never 'forbidden' (no probing). */
async function loadOwnPayment(app: FastifyInstance, paymentId: string, viewerId: string) {
  const [row] = await app.db
    .select({
      payment: payments,
      message: { content: messages.content },
      creator: { username: profiles.username, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl },
    })
    .from(payments)
    .innerJoin(messages, eq(messages.id, payments.messageId))
    .innerJoin(profiles, eq(profiles.id, payments.recipientId))
    .where(eq(payments.id, paymentId));
  if (!row || row.payment.senderId !== viewerId) throw new AppError('NOT_FOUND', 'Payment not found');
  return row;
}

/**
 * Which checkout is active, whether the message dialog may show the test-send button, and the live
 * response window, so copy never hard-codes "24 hours".
 */
export const paymentConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        response: {
          200: z.object({
            provider: z.enum(['local', 'stripe']),
            testSend: z.boolean(),
            responseWindowHours: z.number().int(),
          }),
        },
      },
    },
    async () => {
      const { message_expiration_hours: hours } = await readSettings(app.db, ['message_expiration_hours']);
      return { provider: app.payments.name, testSend: testSendEnabled(app), responseWindowHours: hours };
    },
  );
};
