import { z } from 'zod';
import { successResponse } from './http';
import { closureSchema, paymentPolicySchema, weeklyHoursSchema } from './shop-settings';

/** What `GET /api/config` tells the web app about the business. */
export const publicConfigSchema = z.object({
  businessName: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  /** How the shop writes dates (a BCP 47 tag such as en-US): every screen uses it. */
  locale: z.string(),
  /** Up to this many hours before a booking starts, its customer may cancel it (refunded) or move it online. */
  cancellationCutoffHours: z.number().int(),
  contact: z.object({ address: z.string(), phone: z.string(), email: z.string() }),
  /** The shop's weekly opening hours, per weekday (an empty list: closed). */
  hours: weeklyHoursSchema,
  /** Closures that have not ended yet, soonest first. */
  closures: z.array(closureSchema.pick({ _id: true, startDate: true, endDate: true, reason: true })),
  /** Customers may book up to this many days ahead (today counts as day 0). */
  bookingHorizonDays: z.number().int(),
  /** A start must be at least this many minutes away when it is booked. */
  minimumNoticeMinutes: z.number().int(),
  /** Generated start times fall on multiples of this many minutes from midnight. */
  slotStepMinutes: z.number().int(),
  /** Deposits, the no-show fee and late cancellations: the terms a customer reads and accepts before paying. */
  paymentPolicy: paymentPolicySchema,
  /** The terms' version, which a booking names when its customer accepts them (`acceptPolicy`). */
  policyVersion: z.number().int(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigResponseSchema = successResponse(publicConfigSchema);

/**
 * `GET /api/health`: 200 when the database answers, 503 (with success false) when it does not. With REDIS_URL
 * set, `redis` says whether the shared rate-limit store answers; without it the instance still serves
 * everything, its limits counted on its own (status `degraded`, still 200: decision 026).
 */
export const healthResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({
    status: z.enum(['ok', 'degraded', 'unavailable']),
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down']).optional(),
  }),
});

export const SYSTEM_MESSAGES = {
  healthy: 'Healthy',
  databaseUnavailable: 'Database unavailable',
  /** Redis (REDIS_URL) does not answer: the instance serves, counting its rate limits on its own. */
  redisUnavailable: 'Redis unavailable: rate limits are counted by each instance',
  /** A request that failed because the database or the image storage did not answer: worth trying again shortly. */
  temporarilyUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  configuration: 'Configuration',
} as const;
