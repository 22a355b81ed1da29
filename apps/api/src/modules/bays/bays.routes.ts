import { bayListResponseSchema, bayResponseSchema, createBaySchema, updateBaySchema } from '@carcare/contracts/bays';
import { BAY_MESSAGES } from '@carcare/contracts/bays-constants';
import { uuidParam } from '@carcare/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { createBay, listBays, updateBay } from './bays.service';

const tags = ['bays'];
const security = [{ bearerAuth: [] }];

/**
 * The shop's bays, kept by the administrator; the list is read by the counter too (staff filter bookings by
 * bay). Registered under `/api/bays`.
 */
export const baysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary: "Every bay, active or not, in the shop's order",
        response: { 200: bayListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const bays = await listBays(app.db);
      return { success: true as const, message: BAY_MESSAGES.retrieved, data: bays, totalDoc: bays.length };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'admin', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary: 'Add a bay at the end of the order, serving the listed services (none: every service)',
        body: createBaySchema,
        response: { 201: bayResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const bay = await createBay(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: BAY_MESSAGES.created, data: bay });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['slots'] },
      schema: {
        tags,
        security,
        summary:
          'Rename, move, (de)activate or limit a bay; deactivation, or a limit leaving out the service of a booking ahead on it, is refused',
        params: uuidParam,
        body: updateBaySchema,
        response: { 200: bayResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const bay = await updateBay(app.db, request.params.id, request.body);
      return { success: true as const, message: BAY_MESSAGES.updated, data: bay };
    },
  );
};
