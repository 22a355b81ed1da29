import { uuidParam } from '@carcare/contracts/fields';
import {
  createVehicleSchema,
  updateVehicleSchema,
  vehicleListResponseSchema,
  vehicleResponseSchema,
} from '@carcare/contracts/vehicles';
import { VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { callerOf } from '../../plugins/auth';
import { addVehicle, archiveVehicle, listGarage, updateVehicle } from './garage-vehicles';

const tags = ['garage'];
const security = [{ bearerAuth: [] }];

/**
 * The signed-in customer's garage, registered under `/api/vehicles`. Customers only, as booking is: a
 * vehicle is kept to be booked. Another customer's vehicle is answered as not found.
 */
export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's vehicles, newest first (archived ones left out)",
        response: { 200: vehicleListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const garage = await listGarage(app.db, callerOf(request).id);
      return { success: true as const, message: VEHICLE_MESSAGES.retrieved, data: garage, totalDoc: garage.length };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Add a vehicle to the caller's garage; its plate is kept normalised and unique in the garage",
        body: createVehicleSchema,
        response: { 201: vehicleResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const vehicle = await addVehicle(app.db, callerOf(request).id, request.body);
      return reply.status(201).send({ success: true as const, message: VEHICLE_MESSAGES.created, data: vehicle });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary: "Change any of a garage vehicle's details; null or an empty text clears the year or the plate",
        params: uuidParam,
        body: updateVehicleSchema,
        response: { 200: vehicleResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const vehicle = await updateVehicle(app.db, callerOf(request).id, request.params.id, request.body);
      return { success: true as const, message: VEHICLE_MESSAGES.updated, data: vehicle };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user', invalidates: [] },
      schema: {
        tags,
        security,
        summary: 'Remove a vehicle from the garage; bookings made with it keep it as it was',
        params: uuidParam,
        response: { 200: vehicleResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const vehicle = await archiveVehicle(app.db, callerOf(request).id, request.params.id);
      return { success: true as const, message: VEHICLE_MESSAGES.archived, data: vehicle };
    },
  );
};
