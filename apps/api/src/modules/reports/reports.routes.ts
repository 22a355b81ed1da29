import {
  overviewQuerySchema,
  overviewResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
} from '@carcare/contracts/reports';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { getOverview, getSchedule } from './overview';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];

/** The owner's overview of a period (the administrator's), and the day board (the counter's: staff too). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary:
          'Revenue, bookings by status, occupancy, no-show rate, new customers and rating for business days from..to (default the last 30), against the period before',
        querystring: overviewQuerySchema,
        response: { 200: overviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: REPORT_MESSAGES.overviewRetrieved,
      data: await getOverview(app.db, request.query, app.shop.current().settings.timeZone),
    }),
  );

  app.get(
    '/schedule',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary: "A business day's board (default today): the bays and the bookings that take them",
        querystring: scheduleQuerySchema,
        response: { 200: scheduleResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: REPORT_MESSAGES.scheduleRetrieved,
      data: await getSchedule(app.db, request.query.date, app.shop.current().settings.timeZone),
    }),
  );
};
