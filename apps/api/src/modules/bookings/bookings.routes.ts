import { Readable } from 'node:stream';
import {
  adminBookingListQuerySchema,
  bookingFilterSchema,
  bookingListResponseSchema,
  bookingResponseSchema,
  cancelBookingResponseSchema,
  cancelBookingSchema,
  chargeCardSchema,
  counterPaymentHeadersSchema,
  counterPaymentSchema,
  createBookingResponseSchema,
  createBookingSchema,
  feeParams,
  myBookingsQuerySchema,
  myBookingsResponseSchema,
  rescheduleBookingSchema,
  waiveFeeSchema,
} from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { uuidParam } from '@carcare/contracts/fields';
import {
  bookingNoteInputSchema,
  bookingNoteResponseSchema,
  bookingNotesResponseSchema,
} from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES, MAX_BOOKING_NOTES } from '@carcare/contracts/front-desk-constants';
import { quoteInputSchema, quoteQuerySchema, quoteResponseSchema } from '@carcare/contracts/quotes';
import { QUOTE_MESSAGES } from '@carcare/contracts/quotes-constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { businessDate } from '../../lib/business-time';
import { errorResponses, startedStream } from '../../lib/responses';
import { callerOf, isShop } from '../../plugins/auth';
import { setTextsAccepted } from '../texts/public';
import { type CardCharge, chargeBalanceToCard, chargeNoShowFee, waiveFee } from './change/booking-fees';
import { addBookingNote, listBookingNotes } from './change/booking-notes';
import { cancelBooking } from './change/cancel-booking';
import { markOutcome } from './change/mark-outcome';
import { markReady } from './change/mark-ready';
import { rescheduleBooking } from './change/reschedule-booking';
import { recordCounterPayment } from './checkout/counter-payments';
import { holdTimes } from './checkout/open-checkout';
import { cardOnFileOf } from './checkout/saved-cards';
import { calendarFileOf } from './notify/booking-calendar';
import {
  mailBookedByShop,
  mailCancellation,
  mailCardApproval,
  mailContextOf,
  mailPaymentLink,
  mailReschedule,
} from './notify/send-booking-emails';
import { askForReview, tellReady } from './notify/send-booking-texts';
import { currentShopDetails } from './notify/shop-details';
import { bookingsCsv } from './reads/booking-export';
import { getBookingFor, listBookings, listCustomerBookings } from './reads/booking-reads';
import { customerToBookFor } from './reserve/booking-customer';
import { createBooking } from './reserve/create-booking';
import { quoteBooking, quoteMemo } from './reserve/quote-booking';

const tags = ['bookings'];
const security = [{ bearerAuth: [] }];

/** `onTimesFreed` hears of every cancellation and move, whose freed time the waitlist offers at once. */
export const bookingsRoutes: FastifyPluginAsyncZod<{ onTimesFreed?: () => void }> = async (app, options) => {
  /** What a charge of the card on file needs: the provider, where its links lead, and the shop's money. */
  const chargeContext = (request: FastifyRequest) => ({
    provider: app.payments,
    publicUrl: app.siteUrlFor(request),
    currency: app.shop.current().settings.currency,
  });
  /** A charge the customer's bank wants them to approve: they are sent the link to pay it themselves. */
  const tellCustomerToApprove = (reply: FastifyReply, charge: CardCharge, what: string) => {
    if (charge.outcome !== 'awaitingCustomer') return;
    app.backgroundTasks.afterReply(reply, 'card approval email', () =>
      mailCardApproval(mailContextOf(app), charge.booking, { what, amount: charge.amountCents / 100, url: charge.url }),
    );
  };
  const otherOrigins = new Set(app.config.corsOrigins);
  /** The origin of CORS_ORIGINS whose page sent the request (an older client on its own site), if any. */
  const listedOriginOf = (request: FastifyRequest) => {
    const { origin } = request.headers;
    return origin !== undefined && otherOrigins.has(origin) ? origin : undefined;
  };
  const lifecycle = () => {
    const { settings } = app.shop.current();
    return {
      provider: app.payments,
      policy: {
        cancellationCutoffHours: settings.cancellationCutoffHours,
        contact: { address: settings.address, phone: settings.phone, email: settings.email },
      },
    };
  };

  app.post(
    '/bookings',
    {
      config: { access: 'signed-in', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary:
          "Book a slot and open its payment: a customer books their own (the body's customer is ignored); staff and the administrator book for the customer named, paid online, by an emailed link, at the counter, or a walk-in now",
        body: createBookingSchema,
        response: { 201: createBookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { body } = request;
      const byShop = isShop(caller);
      if (!byShop && body.payWith !== undefined && body.payWith !== 'online') {
        throw new AppError(400, FRONT_DESK_MESSAGES.payWithOnlyOnline);
      }
      if (!byShop && body.walkIn === true) throw new AppError(400, FRONT_DESK_MESSAGES.walkInOnlyShop);
      if (body.slot === undefined && body.walkIn !== true) throw new AppError(400, FRONT_DESK_MESSAGES.slotOrWalkIn);
      const customer = byShop ? await customerToBookFor(app.db, body.customer) : caller;
      const payWith = byShop ? (body.payWith ?? 'counter') : 'online';
      // A job charged to the card the customer saved: confirmed now, its money taken by the shop later.
      if (payWith === 'card' && !(await cardOnFileOf(app.db, customer.id, app.payments.name))) {
        throw new AppError(409, FRONT_DESK_MESSAGES.noCardOnFile);
      }
      if (payWith === 'link' && !customer.email) throw new AppError(409, FRONT_DESK_MESSAGES.linkNeedsEmail);
      const { settings, closures } = app.shop.current();
      const { paymentUrl, booking, dueOnlineCents } = await createBooking(
        app.db,
        customer,
        {
          serviceId: body.service,
          slotId: body.slot,
          walkIn: body.walkIn,
          clientAddress: request.ip,
          note: body.note,
          acceptPolicy: body.acceptPolicy,
          vehicleId: body.vehicle,
          vehicleClassId: body.vehicleClass,
          addOnIds: body.addOns,
        },
        {
          provider: app.payments,
          publicUrl: app.siteUrlFor(request),
          returnOrigin: listedOriginOf(request),
          ...holdTimes(settings.paymentHoldMinutes, app.config.payment.unopenedHoldMinutes),
          maxPendingHolds: app.config.payment.maxPendingHolds,
          maxPendingHoldsPerAddress: app.config.payment.maxPendingHoldsPerAddress,
          maxUnpaidDayPercent: app.config.payment.maxUnpaidDayPercent,
          window: settings,
          opening: { timeZone: settings.timeZone, hours: settings.hours, closures },
          booker: byShop ? { kind: 'shop', staffId: caller.id, payWith } : { kind: 'customer' },
          log: request.log,
        },
      );
      // The customer's answer to "text me about my bookings", given as they booked.
      if (!byShop && body.textsAccepted !== undefined) await setTextsAccepted(app.db, caller.id, body.textsAccepted);
      if (payWith === 'link') {
        app.backgroundTasks.afterReply(reply, 'payment link email', () =>
          mailPaymentLink(mailContextOf(app), booking, paymentUrl, dueOnlineCents / 100),
        );
      } else if (payWith === 'counter') {
        app.backgroundTasks.afterReply(reply, 'booked by the shop email', () =>
          mailBookedByShop(mailContextOf(app), booking),
        );
      }
      const message = !byShop
        ? BOOKING_MESSAGES.created
        : payWith === 'link'
          ? FRONT_DESK_MESSAGES.linkSent
          : FRONT_DESK_MESSAGES.booked;
      return reply.status(201).send({ success: true as const, message, data: { payment_url: paymentUrl, booking } });
    },
  );

  app.post(
    '/bookings/:id/payments',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          'Record money taken at the counter (cash or card) for a confirmed or completed booking, up to its balance; an Idempotency-Key never records twice',
        params: uuidParam,
        headers: counterPaymentHeadersSchema,
        body: counterPaymentSchema,
        response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: FRONT_DESK_MESSAGES.paymentRecorded,
      data: await recordCounterPayment(app.db, request.params.id, {
        ...request.body,
        recordedBy: callerOf(request).id,
        idempotencyKey: request.headers['idempotency-key'],
      }),
    }),
  );

  // The catalogue's prices change with writes to the services tag: services, classes, add-ons, prices by class.
  const priced = quoteMemo({
    maxAgeMs: app.config.publicCacheMs,
    version: () => app.responseCache.version(['services']),
  });

  app.get(
    '/bookings/quote',
    {
      config: { access: 'public', cache: 'services' },
      schema: {
        tags,
        summary:
          "The quote of a job priced by a vehicle class, as a public read: the lines, the total and the job's minutes",
        querystring: quoteQuerySchema,
        response: { 200: quoteResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const quote = await quoteBooking(app.db, null, request.query);
      return {
        success: true as const,
        message: QUOTE_MESSAGES.quoted,
        data: { ...quote, currency: app.shop.current().settings.currency },
      };
    },
  );

  app.post(
    '/bookings/quote',
    {
      config: { access: 'public', invalidates: [] },
      schema: {
        tags,
        summary:
          "Price a booking without making it: the lines (the service for the class, each add-on), the total and the job's minutes",
        body: quoteInputSchema,
        response: { 200: quoteResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      // Anyone may price a class; a vehicle is priced for its signed-in owner only.
      const caller =
        request.body.vehicle === undefined
          ? null
          : await app.authenticate(request).catch(() => {
              throw new AppError(401, QUOTE_MESSAGES.signInForVehicle);
            });
      const answer = await priced(app.db, caller?.id ?? null, request.body, app.shop.current().settings.currency);
      // Already the answer's JSON text, built from the typed quote: sent as it is, not serialised again.
      const text: FastifyReply = reply;
      return text.type('application/json; charset=utf-8').send(answer);
    },
  );

  app.get(
    '/bookings',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary:
          'Every booking, newest first; filtered by status, payment, slot dates (from, to), service, bay and a search over the customer',
        querystring: adminBookingListQuerySchema,
        response: { 200: bookingListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { bookings, totalDoc } = await listBookings(app.db, request.query, app.shop.current().settings.timeZone);
      return { success: true as const, message: BOOKING_MESSAGES.retrieved, data: bookings, totalDoc };
    },
  );

  app.get(
    '/bookings/export.csv',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary: 'The bookings matching the same filters as the list, as a CSV file (RFC 4180), newest first',
        querystring: bookingFilterSchema,
        produces: ['text/csv'],
        response: {
          200: z
            .custom<Readable>((body) => body instanceof Readable)
            .describe('text/csv: a header row, then one row a booking'),
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (request, reply) => {
      const { timeZone, currency } = app.shop.current().settings;
      const filename = `bookings-${businessDate(timeZone)}.csv`;
      // Its first rows are read before the status is sent, so that a failure gets the envelope like any other.
      const csv = await startedStream(bookingsCsv(app.db, request.query, { timeZone, currency }));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/bookings/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary: "One booking: the caller's own, or any for the shop (staff and the administrator)",
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

  app.post(
    '/bookings/:id/cancel',
    {
      config: { access: 'signed-in', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary:
          "Cancel a booking and refund it: the caller's own confirmed booking up to the cut-off, or any booking for staff and the administrator (refund: false keeps the money); reason, chosen or written, is kept with it",
        params: uuidParam,
        body: cancelBookingSchema,
        response: { 200: cancelBookingResponseSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { publicUrl, currency } = chargeContext(request);
      const cancelled = await cancelBooking(app.db, request.params.id, caller, request.body, {
        ...lifecycle(),
        charging: { publicUrl, currency },
        log: request.log,
      });
      options.onTimesFreed?.();
      const by = cancelled.booking.customer._id === caller.id ? 'customer' : 'shop';
      app.backgroundTasks.afterReply(reply, 'booking cancelled email', () =>
        mailCancellation(mailContextOf(app), cancelled, by),
      );
      return { success: true as const, message: BOOKING_MESSAGES.cancelled, data: cancelled };
    },
  );

  app.post(
    '/bookings/:id/reschedule',
    {
      config: { access: 'signed-in', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary:
          "Move a confirmed booking to another slot of its service: the caller's own up to the cut-off, or any for staff and the administrator, with a reason (reasonText for other), past the cut-off too",
        params: uuidParam,
        body: rescheduleBookingSchema,
        response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const moved = await rescheduleBooking(app.db, request.params.id, callerOf(request), request.body, {
        ...lifecycle(),
        window: app.shop.current().settings,
        log: request.log,
      });
      options.onTimesFreed?.();
      app.backgroundTasks.afterReply(reply, 'booking rescheduled email', () =>
        mailReschedule(mailContextOf(app), moved),
      );
      const message = moved.move.by === 'shop' ? FRONT_DESK_MESSAGES.movedByShop : BOOKING_MESSAGES.rescheduled;
      return { success: true as const, message, data: moved.booking };
    },
  );

  app.get(
    '/bookings/:id/calendar.ics',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        security,
        summary:
          "One booking as an iCalendar (RFC 5545) event to add to a calendar: the caller's own, or any for the shop",
        params: uuidParam,
        response: {
          200: z.string().describe('text/calendar: one VEVENT, with the same UID for the life of the booking'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const booking = await getBookingFor(app.db, request.params.id, callerOf(request));
      const calendar = await calendarFileOf(app.db, booking, currentShopDetails(app));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${calendar.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(calendar.content);
    },
  );

  app.get(
    '/bookings/:id/notes',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary: "The shop's notes on a booking, oldest first (never shown to the customer)",
        params: uuidParam,
        response: { 200: bookingNotesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: FRONT_DESK_MESSAGES.notesRetrieved,
      data: await listBookingNotes(app.db, request.params.id),
    }),
  );

  app.post(
    '/bookings/:id/notes',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary: `Add a note to a booking for the shop's eyes only, signed with the caller's name (at most ${MAX_BOOKING_NOTES} a booking)`,
        params: uuidParam,
        body: bookingNoteInputSchema,
        response: { 201: bookingNoteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const note = await addBookingNote(app.db, request.params.id, callerOf(request), request.body.body);
      return reply.status(201).send({ success: true as const, message: FRONT_DESK_MESSAGES.noteAdded, data: note });
    },
  );

  for (const [path, outcome, message] of [
    ['complete', 'completed', BOOKING_MESSAGES.completed],
    ['no-show', 'no_show', BOOKING_MESSAGES.noShow],
  ] as const) {
    app.post(
      `/bookings/:id/${path}`,
      {
        config: { access: 'staff', invalidates: ['slots'] },
        schema: {
          tags,
          security,
          summary: `Mark a confirmed booking ${outcome === 'completed' ? 'completed' : 'a no-show'} once its slot has started`,
          params: uuidParam,
          response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const now = new Date();
        const booking = await markOutcome(app.db, request.params.id, outcome, now);
        if (outcome === 'completed') {
          app.backgroundTasks.afterReply(reply, 'review request', () => askForReview(mailContextOf(app), booking, now));
          return { success: true as const, message, data: booking };
        }
        // A no-show pays the fee of the terms its customer accepted, charged to the card they saved.
        const fee = await chargeNoShowFee(app.db, booking, callerOf(request), chargeContext(request));
        if (!fee) return { success: true as const, message, data: booking };
        tellCustomerToApprove(reply, fee, 'no-show fee');
        return {
          success: true as const,
          message: fee.outcome === 'charged' ? FRONT_DESK_MESSAGES.noShowFeeCharged : FRONT_DESK_MESSAGES.noShowFeeDue,
          data: fee.booking,
        };
      },
    );
  }

  app.post(
    '/bookings/:id/ready',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          "Mark a confirmed booking's car ready to collect, once its slot has started: its customer is texted (or emailed when they take no texts), once",
        params: uuidParam,
        response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const booking = await markReady(app.db, request.params.id);
      app.backgroundTasks.afterReply(reply, 'ready message', () => tellReady(mailContextOf(app), booking));
      return { success: true as const, message: BOOKING_MESSAGES.markedReady, data: booking };
    },
  );

  app.post(
    '/bookings/:id/charge-card',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          "Charge the booking's balance (or `amount` dollars of it) to the customer's card on file; a card that asks for the customer's approval sends them a link",
        params: uuidParam,
        body: chargeCardSchema,
        response: {
          200: bookingResponseSchema,
          202: bookingResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const amount = request.body.amount === undefined ? undefined : Math.round(request.body.amount * 100);
      const charged = await chargeBalanceToCard(
        app.db,
        request.params.id,
        callerOf(request),
        amount,
        chargeContext(request),
      );
      if (charged.outcome === 'noCard') throw new AppError(409, FRONT_DESK_MESSAGES.noCardOnFile);
      if (charged.outcome === 'declined') throw new AppError(409, FRONT_DESK_MESSAGES.cardDeclined(charged.message));
      if (charged.outcome === 'awaitingCustomer') {
        tellCustomerToApprove(reply, charged, 'balance');
        return reply
          .status(202)
          .send({ success: true as const, message: FRONT_DESK_MESSAGES.cardNeedsCustomer, data: charged.booking });
      }
      return { success: true as const, message: FRONT_DESK_MESSAGES.cardCharged, data: charged.booking };
    },
  );

  app.post(
    '/bookings/:id/fees/:feeId/waive',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Waive a booking's fee with a reason; one already charged is refunded to the card",
        params: feeParams,
        body: waiveFeeSchema,
        response: { 200: bookingResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const booking = await waiveFee(
        app.db,
        request.params.id,
        request.params.feeId,
        callerOf(request),
        request.body.reason,
        app.payments,
      );
      return { success: true as const, message: FRONT_DESK_MESSAGES.feeWaived, data: booking };
    },
  );
};
