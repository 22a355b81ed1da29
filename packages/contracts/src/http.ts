import { z } from 'zod';

/** The error envelope every failing call answers with. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export const successResponse = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), message: z.string(), data: z.array(item), totalDoc: z.number().int() });

export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const GENERIC_ERROR_MESSAGES = {
  badRequest: 'Invalid request',
  unauthorized: 'You are not signed in',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  tooManyRequests: 'Too many requests, please try again later',
  payloadTooLarge: 'The request is too large',
  internal: 'Something went wrong on our side, please try again',
} as const;
