import { healthResponseSchema, publicConfigSchema, SYSTEM_MESSAGES } from '@carcare/contracts/app-config';
import { successResponse } from '@carcare/contracts/http';
import { canonicalPolicy } from '@carcare/contracts/payment-policy-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessDate } from '../../lib/business-time';

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
        summary: 'Whether the API, its database and (with REDIS_URL) its shared rate-limit store answer',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const up = await answersWithin(app.database.ping(), HEALTH_PING_TIMEOUT_MS);
      const limits = app.sharedRateLimits.state();
      const redis = limits === 'unused' ? {} : { redis: limits };
      if (!up) {
        return reply.status(503).send({
          success: false,
          message: SYSTEM_MESSAGES.databaseUnavailable,
          data: { status: 'unavailable', database: 'down', ...redis },
        });
      }
      // Without Redis the instance serves everything, its limits counted on its own: a load balancer must
      // keep sending it requests, so this stays a 200 that monitoring can still tell apart (decision 026).
      const degraded = limits === 'down';
      return reply.status(200).send({
        success: true,
        message: degraded ? SYSTEM_MESSAGES.redisUnavailable : SYSTEM_MESSAGES.healthy,
        data: { status: degraded ? 'degraded' : 'ok', database: 'up', ...redis },
      });
    },
  );

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Business name, currency, time zone, locale, contact, the cancellation cut-off, opening hours, closures and booking window',
        response: { 200: successResponse(publicConfigSchema) },
      },
    },
    async () => {
      // The Settings screen is the source (decision 035); the locale stays the environment's.
      const { settings, closures } = app.shop.current();
      return {
        success: true as const,
        message: SYSTEM_MESSAGES.configuration,
        data: {
          businessName: settings.businessName,
          currency: settings.currency,
          timeZone: settings.timeZone,
          locale: app.config.business.locale,
          cancellationCutoffHours: settings.cancellationCutoffHours,
          contact: { address: settings.address, phone: settings.phone, email: settings.email },
          hours: settings.hours,
          // The closures not yet over: the instance's copy may still hold one that ended since it was read.
          closures: closures
            .filter((closure) => closure.endDate >= businessDate(settings.timeZone))
            .map((closure) => ({
              _id: closure.id,
              startDate: closure.startDate,
              endDate: closure.endDate,
              reason: closure.reason,
            })),
          bookingHorizonDays: settings.bookingHorizonDays,
          minimumNoticeMinutes: settings.minimumNoticeMinutes,
          slotStepMinutes: settings.slotStepMinutes,
          paymentPolicy: canonicalPolicy(settings.paymentPolicy),
          policyVersion: settings.policyVersion,
        },
      };
    },
  );
};
