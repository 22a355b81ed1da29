import { uuidParam } from '@carcare/contracts/fields';
import {
  createServiceSchema,
  serviceListQuerySchema,
  serviceListResponseSchema,
  serviceNamesResponseSchema,
  servicePricesInputSchema,
  serviceResponseSchema,
  updateServiceSchema,
} from '@carcare/contracts/services';
import { SERVICE_MESSAGES } from '@carcare/contracts/services-constants';
import { serviceHoursSchema } from '@carcare/contracts/shop-settings';
import { SERVICE_HOURS_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { setServicePrices } from '../pricing/public';
import {
  createService,
  deleteService,
  getLiveService,
  listServiceNames,
  listServices,
  setServiceHours,
  toServiceDetail,
  toServiceListItems,
  updateService,
} from './services.service';

const tags = ['services'];
const security = [{ bearerAuth: [] }];

export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'public', cache: 'services' },
      schema: {
        tags,
        summary: 'Live services: search by name, price range, sort and page',
        querystring: serviceListQuerySchema,
        response: { 200: serviceListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const { services, totalDoc } = await listServices(app.db, request.query);
      return {
        success: true as const,
        message: SERVICE_MESSAGES.retrieved,
        data: await toServiceListItems(app.db, services),
        totalDoc,
      };
    },
  );

  app.get(
    '/g/names',
    {
      config: { access: 'public', cache: 'services' },
      schema: { tags, summary: 'Id and name of every live service', response: { 200: serviceNamesResponseSchema } },
    },
    async () => ({ success: true as const, message: SERVICE_MESSAGES.retrieved, data: await listServiceNames(app.db) }),
  );

  app.get(
    '/:id',
    {
      config: { access: 'public', cache: 'services' },
      schema: {
        tags,
        summary: 'One live service',
        params: uuidParam,
        response: { 200: serviceResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: SERVICE_MESSAGES.retrieved,
      data: await toServiceDetail(app.db, await getLiveService(app.db, request.params.id)),
    }),
  );

  app.post(
    '/',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: 'Create a service',
        body: createServiceSchema,
        response: { 201: serviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const service = await createService(app.db, request.body);
      return reply.status(201).send({
        success: true as const,
        message: SERVICE_MESSAGES.created,
        data: await toServiceDetail(app.db, service),
      });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: 'Change a service; limiting it to bays is refused while upcoming bookings of it are on other bays',
        params: uuidParam,
        body: updateServiceSchema,
        response: { 200: serviceResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const service = await updateService(app.db, request.params.id, request.body);
      return {
        success: true as const,
        message: SERVICE_MESSAGES.updated,
        data: await toServiceDetail(app.db, service),
      };
    },
  );

  app.put(
    '/:id/hours',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: "Set the weekly hours a service is offered in, inside the shop's; null: the shop's hours",
        params: uuidParam,
        body: serviceHoursSchema,
        response: { 200: serviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const service = await setServiceHours(app.db, request.params.id, request.body.hours);
      return {
        success: true as const,
        message: request.body.hours === null ? SERVICE_HOURS_MESSAGES.cleared : SERVICE_HOURS_MESSAGES.updated,
        data: await toServiceDetail(app.db, service),
      };
    },
  );

  app.put(
    '/:id/prices',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: "Set the service's own price and duration for vehicle classes; a class left out takes the service's",
        params: uuidParam,
        body: servicePricesInputSchema,
        response: { 200: serviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const service = await setServicePrices(app.db, request.params.id, request.body);
      return {
        success: true as const,
        message: SERVICE_MESSAGES.pricesSaved,
        data: await toServiceDetail(app.db, service),
      };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services', 'slots'] },
      schema: {
        tags,
        security,
        summary: 'Delete a service (it stays on past bookings)',
        params: uuidParam,
        response: { 200: serviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const service = await deleteService(app.db, request.params.id);
      return {
        success: true as const,
        message: SERVICE_MESSAGES.deleted,
        data: await toServiceDetail(app.db, service),
      };
    },
  );
};
