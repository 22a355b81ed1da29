import { uuidParam } from '@carcare/contracts/fields';
import { calendarQuerySchema, calendarResponseSchema } from '@carcare/contracts/shop-settings';
import { CALENDAR_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import {
  adminSlotListQuerySchema,
  availabilityQuerySchema,
  createSlotsResponseSchema,
  createSlotsSchema,
  slotDetailResponseSchema,
  slotListResponseSchema,
  slotResponseSchema,
  slotsResponseSchema,
} from '@carcare/contracts/slots';
import { SLOT_MESSAGES } from '@carcare/contracts/slots-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { jobSpanOf } from '../bookings/public';
import { serviceCalendar } from './calendar';
import { createSlots, getSlotDetail, listAllSlots, listAvailability, toggleSlotStatus } from './slots.service';

const tags = ['slots'];
const security = [{ bearerAuth: [] }];

/** The job a query names: a vehicle (its class), a class, add-ons. */
const jobChoiceOf = (query: { vehicle?: string; vehicleClass?: string; addOns?: string[] }) => ({
  vehicleId: query.vehicle,
  vehicleClassId: query.vehicleClass,
  addOnIds: query.addOns,
});

/** Registered under `/api`: the slot paths of SPEC.md live partly under /services and partly under /slots. */
export const slotsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/services/slots',
    {
      config: { access: 'admin', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary: "Split a time range on one day into slots of the service's duration",
        body: createSlotsSchema,
        response: {
          200: createSlotsResponseSchema,
          201: createSlotsResponseSchema,
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const result = await createSlots(app.db, request.body, app.shop.current().settings.timeZone);
      return reply
        .status(result.slots.length > 0 ? 201 : 200)
        .send({ success: true as const, message: result.message, data: result.slots });
    },
  );

  app.get(
    '/services/get/all',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every slot, newest first; with a day, from-day, service or origin filter, in time order',
        querystring: adminSlotListQuerySchema,
        response: { 200: slotListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { slots, totalDoc } = await listAllSlots(app.db, request.query);
      return { success: true as const, message: SLOT_MESSAGES.retrieved, data: slots, totalDoc };
    },
  );

  app.get(
    '/slots/availability',
    {
      config: { access: 'public', cache: 'slots' },
      schema: {
        tags,
        summary:
          "A service's slots on one day a customer may book: hand-made ones not started yet, and the times the shop's hours give from the minimum notice to the horizon",
        querystring: availabilityQuerySchema,
        response: { 200: slotsResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: SLOT_MESSAGES.retrieved,
      data: await listAvailability(
        app.db,
        app.shop.current(),
        request.query.service,
        request.query.date,
        new Date(),
        await jobSpanOf(app.db, request.query.service, jobChoiceOf(request.query)),
      ),
    }),
  );

  app.get(
    '/slots/calendar',
    {
      config: { access: 'public', cache: 'slots' },
      schema: {
        tags,
        summary:
          "A service's days from `from` to `to`: open, closed, past or beyond the horizon, each with its free times, and the next day with one",
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => ({
      success: true as const,
      message: CALENDAR_MESSAGES.retrieved,
      data: await serviceCalendar(
        app.db,
        app.shop.current(),
        request.query,
        new Date(),
        await jobSpanOf(app.db, request.query.service, jobChoiceOf(request.query)),
      ),
    }),
  );

  app.get(
    '/slots/availability/:id',
    {
      config: { access: 'public', cache: 'slots' },
      schema: {
        tags,
        summary: "One slot with its service's price, name and duration",
        params: uuidParam,
        response: { 200: slotDetailResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: SLOT_MESSAGES.retrieved,
      data: await getSlotDetail(app.db, request.params.id),
    }),
  );

  app.put(
    '/slots/toggle-status/:id',
    {
      config: { access: 'admin', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary: 'Cancel an available slot or make a cancelled one available; booked slots are refused',
        params: uuidParam,
        response: { 200: slotResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const slot = await toggleSlotStatus(app.db, request.params.id);
      return {
        success: true as const,
        message: slot.isBooked === 'cancel' ? SLOT_MESSAGES.toggledCancel : SLOT_MESSAGES.toggledAvailable,
        data: slot,
      };
    },
  );
};
