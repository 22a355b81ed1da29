import { healthResponseSchema, publicConfigSchema, SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import { successResponse } from '@carcare/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const tags = ['system'];

/** A database that takes longer than this to answer `select 1` counts as down. */
const HEALTH_PING_TIMEOUT_MS = 2000;

/** Whether the ping says up before `ms` have passed. */
async function answersWithin(ping: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags,
        summary: 'Whether the API and its database answer',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const up = await answersWithin(app.database.ping(), HEALTH_PING_TIMEOUT_MS);
      return reply.status(up ? 200 : 503).send({
        success: up,
        message: up ? SYSTEM_MESSAGES.healthy : SYSTEM_MESSAGES.databaseUnavailable,
        data: { status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' },
      });
    },
  );

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Business name, currency, time zone, contact and the cancellation cut-off',
        response: { 200: successResponse(publicConfigSchema) },
      },
    },
    async () => ({
      success: true as const,
      message: SYSTEM_MESSAGES.configuration,
      data: {
        businessName: app.config.business.name,
        currency: app.config.business.currency,
        timeZone: app.config.business.timeZone,
        cancellationCutoffHours: app.config.lifecycle.cancellationCutoffHours,
        contact: app.config.business.contact,
      },
    }),
  );
};
