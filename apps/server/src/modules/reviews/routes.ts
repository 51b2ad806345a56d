import {
  ZCreateReviewRequest,
  ZOwnReview,
  ZOwnReviewQuery,
  ZOwnReviewResponse,
  ZReviewResponseRequest,
  ZReviewResponseResult,
  ZUpdateReviewRequest,
} from '@fanline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, userId } from '../../platform/auth-guard';
import { createReview } from './create-review';
import { deleteReview } from './delete-review';
import { findOwnReview } from './own-review';
import { respondToReview } from './respond-to-review';
import { updateReview } from './update-review';

const ZReviewParams = z.object({ reviewId: z.uuid() });

/** spec §7 reviews: a fan writes, edits and deletes their own; the creator answers the ones about them. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get(
    '/reviews/mine',
    { schema: { tags: ['reviews'], querystring: ZOwnReviewQuery, response: { 200: ZOwnReviewResponse } } },
    async (request) => ({ review: await findOwnReview(app.db, { customerId: userId(request), ...request.query }) }),
  );

  app.post(
    '/reviews',
    { schema: { tags: ['reviews'], body: ZCreateReviewRequest, response: { 201: ZOwnReview } } },
    async (request, reply) => {
      const review = await createReview(app, { customerId: userId(request), ...request.body });
      return reply.status(201).send(review);
    },
  );

  app.patch(
    '/reviews/:reviewId',
    {
      schema: { tags: ['reviews'], params: ZReviewParams, body: ZUpdateReviewRequest, response: { 200: ZOwnReview } },
    },
    async (request) =>
      updateReview(app, {
        reviewId: request.params.reviewId,
        customerId: userId(request),
        now: app.clock.now(),
        ...request.body,
      }),
  );

  app.delete('/reviews/:reviewId', { schema: { tags: ['reviews'], params: ZReviewParams } }, async (request, reply) => {
    await deleteReview(app, { reviewId: request.params.reviewId, customerId: userId(request) });
    return reply.status(204).send();
  });

  app.put(
    '/reviews/:reviewId/response',
    {
      schema: {
        tags: ['reviews'],
        params: ZReviewParams,
        body: ZReviewResponseRequest,
        response: { 200: ZReviewResponseResult },
      },
    },
    async (request) =>
      respondToReview(app.db, {
        reviewId: request.params.reviewId,
        creatorId: userId(request),
        response: request.body.response,
        now: app.clock.now(),
      }),
  );

  app.delete(
    '/reviews/:reviewId/response',
    { schema: { tags: ['reviews'], params: ZReviewParams } },
    async (request, reply) => {
      await respondToReview(app.db, {
        reviewId: request.params.reviewId,
        creatorId: userId(request),
        response: null,
        now: app.clock.now(),
      });
      return reply.status(204).send();
    },
  );
};
