import {
  createReviewSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewResponseSchema,
} from '@carcare/contracts/reviews';
import { REVIEW_MESSAGES, REVIEWS_PER_DAY } from '@carcare/contracts/reviews-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { callerOf } from '../../plugins/auth';
import { createReview, listReviews } from './reviews.service';

const tags = ['reviews'];

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create',
    {
      config: { access: 'signed-in', invalidates: ['reviews'] },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: `Leave a star review (at most ${REVIEWS_PER_DAY} a day); verified when the author has a completed or paid booking that was not refunded`,
        body: createReviewSchema,
        response: { 201: reviewResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const review = await createReview(app.db, callerOf(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: REVIEW_MESSAGES.created, data: review });
    },
  );

  app.get(
    '/get',
    {
      config: { access: 'public', cache: 'reviews' },
      schema: {
        tags,
        summary: 'Reviews, newest first, with the average rating and the count per star',
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { reviews, totalDoc, stats } = await listReviews(app.db, request.query.page, request.query.limit);
      return { success: true as const, message: REVIEW_MESSAGES.retrieved, data: reviews, totalDoc, stats };
    },
  );
};
