import {
  adminBookingListQuerySchema,
  bookingListResponseSchema,
  bookingResponseSchema,
  createBookingResponseSchema,
  createBookingSchema,
  myBookingsQuerySchema,
  myBookingsResponseSchema,
} from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { uuidParam } from '@carcare/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { callerOf } from '../../plugins/auth';
import { getBookingFor, listBookings, listCustomerBookings } from './booking-reads';
import { createBooking } from './create-booking';

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: "Book a slot for the caller and open the payment; the body's customer is ignored",
        body: createBookingSchema,
        response: { 201: createBookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const { paymentUrl, booking } = await createBooking(
        app.db,
        callerOf(request),
        { serviceId: request.body.service, slotId: request.body.slot },
        {
          provider: app.payments,
          holdMinutes: app.config.payment.holdMinutes,
          maxPendingHolds: app.config.payment.maxPendingHolds,
          currency: app.config.business.currency,
          log: request.log,
        },
      );
      app.responseCache.invalidate('slots');
      return reply.status(201).send({
        success: true as const,
        message: BOOKING_MESSAGES.created,
        data: { payment_url: paymentUrl, booking },
      });
    },
  );

  app.get(
    '/bookings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every booking, newest first',
        querystring: adminBookingListQuerySchema,
        response: { 200: bookingListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { bookings, totalDoc } = await listBookings(app.db, request.query.page, request.query.limit);
      return { success: true as const, message: BOOKING_MESSAGES.retrieved, data: bookings, totalDoc };
    },
  );

  app.get(
    '/bookings/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: "One booking: the caller's own, or any for an administrator",
        params: uuidParam,
        response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: BOOKING_MESSAGES.retrieved,
      data: await getBookingFor(app.db, request.params.id, callerOf(request)),
    }),
  );

  app.get(
    '/my-bookings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: "The caller's bookings, newest first, optionally filtered by payment and status",
        querystring: myBookingsQuerySchema,
        response: { 200: myBookingsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      success: true as const,
      message: BOOKING_MESSAGES.retrieved,
      data: await listCustomerBookings(app.db, callerOf(request).id, request.query),
    }),
  );
};
