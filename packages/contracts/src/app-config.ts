import { z } from 'zod';
import { successResponse } from './http';

/** What `GET /api/config` tells the web app about the business. */
export const publicConfigSchema = z.object({
  businessName: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  /** Up to this many hours before a booking starts, its customer may cancel it (refunded) or move it online. */
  cancellationCutoffHours: z.number().int(),
  contact: z.object({ address: z.string(), phone: z.string(), email: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigResponseSchema = successResponse(publicConfigSchema);

/** `GET /api/health`: 200 when the database answers, 503 (with success false) when it does not. */
export const healthResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) }),
});

export const SYSTEM_MESSAGES = {
  healthy: 'Healthy',
  databaseUnavailable: 'Database unavailable',
  /** A request that failed because the database or the image storage did not answer: worth trying again shortly. */
  temporarilyUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  configuration: 'Configuration',
} as const;
