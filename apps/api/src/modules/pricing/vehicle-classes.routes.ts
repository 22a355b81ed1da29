import { uuidParam } from '@carcare/contracts/fields';
import {
  createVehicleClassSchema,
  updateVehicleClassSchema,
  vehicleClassListResponseSchema,
  vehicleClassResponseSchema,
} from '@carcare/contracts/vehicles';
import { VEHICLE_CLASS_MESSAGES } from '@carcare/contracts/vehicles-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { archiveVehicleClass, createVehicleClass, updateVehicleClass } from './vehicle-class-writes';
import { listAllClasses, listLiveClasses } from './vehicle-classes';

const tags = ['vehicle classes'];
const security = [{ bearerAuth: [] }];

/**
 * The kinds of vehicle the shop prices by. Registered under `/api/vehicle-classes`. A class's name, order and
 * grid show on every service answer and page (`services`); archiving one, or changing which is the default,
 * changes what the times offered for it are read against (`slots`).
 */
export const vehicleClassesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'public', cache: 'services' },
      schema: {
        tags,
        summary: "The vehicle classes offered, in the shop's order",
        response: { 200: vehicleClassListResponseSchema },
      },
    },
    async () => {
      const classes = await listLiveClasses(app.db);
      return {
        success: true as const,
        message: VEHICLE_CLASS_MESSAGES.retrieved,
        data: classes,
        totalDoc: classes.length,
      };
    },
  );

  app.get(
    '/all',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every vehicle class: the offered ones in order, then the archived ones',
        response: { 200: vehicleClassListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const classes = await listAllClasses(app.db);
      return {
        success: true as const,
        message: VEHICLE_CLASS_MESSAGES.retrieved,
        data: classes,
        totalDoc: classes.length,
      };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'admin', invalidates: ['services'] },
      schema: {
        tags,
        security,
        summary: 'Add a vehicle class at the end of the order; isDefault makes it the default (the first class is)',
        body: createVehicleClassSchema,
        response: { 201: vehicleClassResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createVehicleClass(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: VEHICLE_CLASS_MESSAGES.created, data: created });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: 'Rename, describe, move or make default a vehicle class; the default cannot be unset',
        params: uuidParam,
        body: updateVehicleClassSchema,
        response: { 200: vehicleClassResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const updated = await updateVehicleClass(app.db, request.params.id, request.body);
      return { success: true as const, message: VEHICLE_CLASS_MESSAGES.updated, data: updated };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: 'Archive a vehicle class; refused for the default and while customer vehicles are of it',
        params: uuidParam,
        response: { 200: vehicleClassResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const archived = await archiveVehicleClass(app.db, request.params.id);
      return { success: true as const, message: VEHICLE_CLASS_MESSAGES.archived, data: archived };
    },
  );
};
