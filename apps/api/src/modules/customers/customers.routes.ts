import { uuidParam } from '@carcare/contracts/fields';
import {
  createCustomerSchema,
  customerListResponseSchema,
  customerResponseSchema,
  customerSearchQuerySchema,
} from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { messageResponseSchema } from '@carcare/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/responses';
import { sendClaimLink } from '../auth/public';
import { createCustomer, searchCustomers } from './customers.service';

const tags = ['customers'];
const security = [{ bearerAuth: [] }];

/**
 * The shop's customers as the front desk finds and adds them, registered under `/api/customers`: staff and
 * the administrator only.
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        security,
        summary:
          "Customers whose name, phone, email or a live vehicle's plate contains the term, at most 20, best first",
        querystring: customerSearchQuerySchema,
        response: { 200: customerListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: FRONT_DESK_MESSAGES.customersRetrieved,
      data: await searchCustomers(app.db, request.query.q, app.payments.name),
    }),
  );

  app.post(
    '/',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary: 'Add a customer with a name and a phone (an email if they have one), without a password',
        body: createCustomerSchema,
        response: { 201: customerResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        message: FRONT_DESK_MESSAGES.customerCreated,
        data: await createCustomer(app.db, request.body),
      }),
  );

  app.post(
    '/:id/claim-link',
    {
      config: { access: 'staff', invalidates: [] },
      schema: {
        tags,
        security,
        summary: 'Email a customer the shop added a link to set their password (valid 7 days; only the newest works)',
        params: uuidParam,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await sendClaimLink(app.db, request.params.id, {
        mailer: app.mailer,
        publicUrl: app.siteUrlFor(request),
        businessName: app.shop.current().settings.businessName,
      });
      return { success: true as const, message: FRONT_DESK_MESSAGES.claimSent };
    },
  );
};
