import { z } from 'zod';
import { requiredText } from './fields';
import { listResponse, successResponse } from './http';
import { optionalQuery, pageQuery } from './pagination';

/** Services priced above this many dollars are shown as premium on the home page. */
export const PREMIUM_PRICE_THRESHOLD = 70;
export const SERVICE_DESCRIPTION_PREVIEW_LENGTH = 30;
export const SEARCH_DEBOUNCE_MS = 300;
export const MAX_SERVICE_DURATION_MINUTES = 24 * 60;
export const MAX_SERVICE_PRICE = 100_000;
export const SERVICE_SORTS = ['price', '-price', 'createdAt', '-createdAt'] as const;
export type ServiceSort = (typeof SERVICE_SORTS)[number];

export const SERVICE_MESSAGES = {
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  durationRequired: 'duration is required',
  durationWhole: 'Duration must be a positive whole number of minutes',
  durationTooLong: `Duration must be at most ${MAX_SERVICE_DURATION_MINUTES} minutes`,
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  priceCents: 'Price can have at most two decimals',
  priceTooHigh: `Price must be at most ${MAX_SERVICE_PRICE}`,
  nameTooLong: 'Name must be at most 120 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  created: 'Successfully created service',
  updated: 'Successfully updated service',
  deleted: 'Product deleted successfully',
  retrieved: 'Services retrieved',
  notFound: 'Service not found',
  fetchFailed: 'Something went wrong while fetching product',
  saveFailed: 'something went wrong while making this request',
  saveFailedDescription: 'Please try agin',
  deleteNoData: 'An unknown error occurred',
  deleteFailed: 'Failed to delete product',
  compareEmpty: 'Please select a service to compare',
  minNotNumber: 'min must be a number of at least 0',
  maxNotNumber: 'max must be a number of at least 0',
  minAboveMax: 'min cannot be greater than max',
  badSort: `sort must be one of ${SERVICE_SORTS.join(', ')}`,
  searchTooLong: 'searchTerm must be at most 100 characters',
} as const;

export const serviceSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** Dollars. */
  price: z.number(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

const durationField = z
  .number({ error: SERVICE_MESSAGES.durationRequired })
  .int({ error: SERVICE_MESSAGES.durationWhole })
  .positive({ error: SERVICE_MESSAGES.durationWhole })
  .max(MAX_SERVICE_DURATION_MINUTES, { error: SERVICE_MESSAGES.durationTooLong });

const priceField = z
  .number({ error: SERVICE_MESSAGES.priceRequired })
  .positive({ error: SERVICE_MESSAGES.pricePositive })
  .max(MAX_SERVICE_PRICE, { error: SERVICE_MESSAGES.priceTooHigh })
  .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, { error: SERVICE_MESSAGES.priceCents });

/** The add and edit form, and the body of POST and PUT. */
export const serviceInputSchema = z.object({
  name: requiredText(SERVICE_MESSAGES.nameRequired).max(120, { error: SERVICE_MESSAGES.nameTooLong }),
  description: requiredText(SERVICE_MESSAGES.descriptionRequired).max(2000, {
    error: SERVICE_MESSAGES.descriptionTooLong,
  }),
  duration: durationField,
  price: priceField,
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const createServiceSchema = serviceInputSchema.extend({
  /** Sent as false by the add form; a service cannot be created deleted. */
  isDeleted: z.literal(false, { error: 'isDeleted must be false' }).optional(),
});

export const updateServiceSchema = serviceInputSchema
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: 'Send at least one of name, description, duration, price',
  });

const amountQuery = (message: string) =>
  optionalQuery(
    z.coerce
      .number({ error: message })
      .min(0, { error: message })
      .max(Number.MAX_SAFE_INTEGER / 100, { error: message }),
  );

export const serviceListQuerySchema = z
  .object({
    searchTerm: optionalQuery(z.string().trim().max(100, { error: SERVICE_MESSAGES.searchTooLong })),
    min: amountQuery(SERVICE_MESSAGES.minNotNumber),
    max: amountQuery(SERVICE_MESSAGES.maxNotNumber),
    sort: optionalQuery(z.enum(SERVICE_SORTS, { error: SERVICE_MESSAGES.badSort })).default('-createdAt'),
    ...pageQuery,
  })
  .refine((query) => query.min === undefined || query.max === undefined || query.min <= query.max, {
    error: SERVICE_MESSAGES.minAboveMax,
    path: ['min'],
  });
export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;

export const serviceListResponseSchema = listResponse(serviceSchema);
export const serviceResponseSchema = successResponse(serviceSchema);
export const serviceNamesResponseSchema = successResponse(z.array(z.object({ _id: z.uuid(), name: z.string() })));
