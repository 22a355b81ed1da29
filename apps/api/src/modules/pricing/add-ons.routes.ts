import {
  addOnListQuerySchema,
  addOnListResponseSchema,
  addOnOfferListResponseSchema,
  addOnResponseSchema,
  createAddOnSchema,
  updateAddOnSchema,
} from '@carcare/contracts/add-ons';
import { ADD_ON_MESSAGES } from '@carcare/contracts/add-ons-constants';
import { uuidParam } from '@carcare/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { createAddOn, deactivateAddOn, updateAddOn } from './add-on-writes';
import { listAddOnOffers, listAllAddOns } from './add-ons';

const tags = ['add-ons'];
const security = [{ bearerAuth: [] }];

/**
 * Extras a customer ticks on a booking. Registered under `/api/add-ons`. The add-ons offered show on every
 * service answer and page (`services`); a change of an add-on's minutes, or its end, changes the times
 * offered with it (`slots`).
 */
export const addOnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'public', cache: 'services' },
      schema: {
        tags,
        summary: "The active add-ons in the shop's order, only those offered with `service` when it is given",
        querystring: addOnListQuerySchema,
        response: { 200: addOnOfferListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const offers = await listAddOnOffers(app.db, request.query.service);
      return { success: true as const, message: ADD_ON_MESSAGES.retrieved, data: offers, totalDoc: offers.length };
    },
  );

  app.get(
    '/all',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every add-on, active or not, with the services it is offered with',
        response: { 200: addOnListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const addOns = await listAllAddOns(app.db);
      return { success: true as const, message: ADD_ON_MESSAGES.retrieved, data: addOns, totalDoc: addOns.length };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'admin', invalidates: ['services'] },
      schema: {
        tags,
        security,
        summary: 'Add an add-on at the end of the order, offered with the listed services',
        body: createAddOnSchema,
        response: { 201: addOnResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createAddOn(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: ADD_ON_MESSAGES.created, data: created });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: 'Change an add-on; services and prices, when given, replace the lists whole',
        params: uuidParam,
        body: updateAddOnSchema,
        response: { 200: addOnResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const updated = await updateAddOn(app.db, request.params.id, request.body);
      return { success: true as const, message: ADD_ON_MESSAGES.updated, data: updated };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: 'Deactivate an add-on: no longer offered; bookings that had it keep their line',
        params: uuidParam,
        response: { 200: addOnResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const deactivated = await deactivateAddOn(app.db, request.params.id);
      return { success: true as const, message: ADD_ON_MESSAGES.deactivated, data: deactivated };
    },
  );
};
