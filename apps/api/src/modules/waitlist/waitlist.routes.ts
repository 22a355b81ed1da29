import { uuidParam } from '@carcare/contracts/fields';
import { messageResponseSchema } from '@carcare/contracts/http';
import {
  joinWaitlistSchema,
  waitlistDayQuerySchema,
  waitlistDayResponseSchema,
  waitlistEntryResponseSchema,
  waitlistListResponseSchema,
} from '@carcare/contracts/waitlist';
import { WAITLIST_MESSAGES } from '@carcare/contracts/waitlist-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { callerOf } from '../../plugins/auth';
import { joinWaitlist } from './join-waitlist';
import { leaveWaitlist } from './leave-waitlist';
import { entriesOfCustomer, entriesOfDay } from './waitlist-reads';

const tags = ['waitlist'];
const security = [{ bearerAuth: [] }];

/**
 * The waitlist, registered under `/api/waitlist`: customers join it for a service when the time they want is
 * taken, see their entries and offers, and leave; staff read a day's list. `onTimesFreed` hears of an offer's
 * hold ended by its customer leaving, so that the time is offered to the next entry at once.
 */
export const waitlistRoutes: FastifyPluginAsyncZod<{ onTimesFreed?: () => void }> = async (app, options) => {
  app.post(
    '/',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary:
          'Join the waitlist of a service with one to three days and time windows (and the vehicle or class and add-ons to book): a freed time in them is offered, held for a while, with a link to book and pay',
        body: joinWaitlistSchema,
        response: { 201: waitlistEntryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const entry = await joinWaitlist(app.db, callerOf(request).id, request.body, {
        shop: app.shop.current(),
        publicUrl: app.siteUrlFor(request),
        now: new Date(),
      });
      return reply.status(201).send({ success: true as const, message: WAITLIST_MESSAGES.joined, data: entry });
    },
  );

  app.get(
    '/mine',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's waitlist entries, oldest first, each with its latest offer (an open one with its link)",
        response: { 200: waitlistListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const entries = await entriesOfCustomer(app.db, callerOf(request).id, { publicUrl: app.siteUrlFor(request) });
      return { success: true as const, message: WAITLIST_MESSAGES.retrieved, data: entries, totalDoc: entries.length };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary: "Leave the waitlist: the caller's own live entry; an open offer is withdrawn and its time freed",
        params: uuidParam,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { freedTime } = await leaveWaitlist(app.db, callerOf(request).id, request.params.id, {
        provider: app.payments,
        log: request.log,
        now: new Date(),
      });
      if (freedTime) options.onTimesFreed?.();
      return { success: true as const, message: WAITLIST_MESSAGES.left };
    },
  );

  app.get(
    '/',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary:
          "A day's waitlist for the counter: every entry with a window on the day (those left out), in queue order, with its customer and latest offer",
        querystring: waitlistDayQuerySchema,
        response: { 200: waitlistDayResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const entries = await entriesOfDay(app.db, request.query.date, app.siteUrlFor(request));
      return { success: true as const, message: WAITLIST_MESSAGES.retrieved, data: entries, totalDoc: entries.length };
    },
  );
};
