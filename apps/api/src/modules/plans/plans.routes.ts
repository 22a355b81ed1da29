import { uuidParam } from '@carcare/contracts/fields';
import {
  createPlanSchema,
  planListResponseSchema,
  planResponseSchema,
  updatePlanSchema,
} from '@carcare/contracts/plans';
import { PLAN_MESSAGES } from '@carcare/contracts/plans-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { getPlan, listActivePlans, listAllPlans } from './plan-reads';
import { createPlan, retirePlan, updatePlan } from './plan-writes';

const tags = ['plans'];
const security = [{ bearerAuth: [] }];

/**
 * The wash club's plans: memberships and packs. Registered under `/api/plans`. A plan names the services and
 * add-ons it covers, whose writes already drop the catalogue's answers (`services`): the plans are kept under
 * that tag too, and their own writes drop it, so one tag keeps both right (the catalogue is read again after a
 * plan changes, which is rare).
 */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'public', cache: 'services' },
      schema: {
        tags,
        summary: 'The plans on offer, memberships first, each cheapest first, with what they cover',
        response: { 200: planListResponseSchema },
      },
    },
    async () => {
      const offered = await listActivePlans(app.db);
      return { success: true as const, message: PLAN_MESSAGES.retrieved, data: offered, totalDoc: offered.length };
    },
  );

  app.get(
    '/all',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every plan, the retired ones after those on offer',
        response: { 200: planListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const all = await listAllPlans(app.db);
      return { success: true as const, message: PLAN_MESSAGES.retrieved, data: all, totalDoc: all.length };
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'public', cache: 'services' },
      schema: {
        tags,
        summary: 'One plan, retired or not: its members still read what it covers',
        params: uuidParam,
        response: { 200: planResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      message: PLAN_MESSAGES.retrieved,
      data: await getPlan(app.db, request.params.id),
    }),
  );

  app.post(
    '/',
    {
      config: { access: 'admin', invalidates: ['services'] },
      schema: {
        tags,
        security,
        summary: 'Make a plan, on offer at once; its kind, price and interval never change after',
        body: createPlanSchema,
        response: { 201: planResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createPlan(app.db, request.body);
      return reply.status(201).send({ success: true as const, message: PLAN_MESSAGES.created, data: created });
    },
  );

  app.put(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services'] },
      schema: {
        tags,
        security,
        summary: "Change a plan's name, description, caps or what it covers; the lists, when given, replace whole",
        params: uuidParam,
        body: updatePlanSchema,
        response: { 200: planResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const updated = await updatePlan(app.db, request.params.id, request.body);
      return { success: true as const, message: PLAN_MESSAGES.updated, data: updated };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'admin', invalidates: ['services'] },
      schema: {
        tags,
        security,
        summary: 'Retire a plan: no one new joins it, and its members keep it until they leave',
        params: uuidParam,
        response: { 200: planResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const retired = await retirePlan(app.db, request.params.id);
      return { success: true as const, message: PLAN_MESSAGES.retired, data: retired };
    },
  );
};
