import { messageResponseSchema } from '@carcare/contracts/http';
import {
  createReviewSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  reviewRequestParamsSchema,
  reviewRequestResponseSchema,
  reviewResponseSchema,
} from '@carcare/contracts/reviews';
import { REVIEW_MESSAGES, REVIEW_REQUEST_MESSAGES, REVIEWS_PER_DAY } from '@carcare/contracts/reviews-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { linkKeyFrom } from '../../lib/signed-links';
import { callerOf } from '../../plugins/auth';
import { optOutOfReviewRequests, reviewFromRequest, reviewRequestOf } from './review-requests';
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

  // A review request's link (texted or mailed after a completed booking) is its own credential: no sign-in.
  const requestKey = linkKeyFrom(app.config.jwtSecret, 'review-request');

  app.get(
    '/requests/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The completed booking a review request's link asks about, and whether it was reviewed already",
        params: reviewRequestParamsSchema,
        response: { 200: reviewRequestResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const data = await reviewRequestOf(app.db, requestKey, request.params.token);
      return { success: true as const, message: REVIEW_REQUEST_MESSAGES.retrieved, data };
    },
  );

  app.post(
    '/requests/:token',
    {
      config: { access: 'public', invalidates: ['reviews'] },
      schema: {
        tags,
        summary: "Review the booking a review request's link names, once: verified, for the booking's customer",
        params: reviewRequestParamsSchema,
        body: createReviewSchema,
        response: { 201: reviewResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const review = await reviewFromRequest(app.db, requestKey, request.params.token, request.body);
      return reply.status(201).send({ success: true as const, message: REVIEW_MESSAGES.created, data: review });
    },
  );

  app.post(
    '/requests/:token/opt-out',
    {
      config: { access: 'public', invalidates: [] },
      schema: {
        tags,
        summary: "Stop review requests to the customer of the booking a review request's link names",
        params: reviewRequestParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      await optOutOfReviewRequests(app.db, requestKey, request.params.token);
      return { success: true as const, message: REVIEW_REQUEST_MESSAGES.optedOut };
    },
  );
};
