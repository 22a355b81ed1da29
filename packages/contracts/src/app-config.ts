import { z } from 'zod';

/** What `GET /api/config` tells the web app about the business. */
export const publicConfigSchema = z.object({
  businessName: z.string(),
  currency: z.string(),
  timeZone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });
