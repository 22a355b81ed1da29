import { z } from 'zod';
import { addOnOfferSchema } from './add-ons';
import { idList } from './bays';
import { boundedText } from './fields';
import { listResponse, successResponse } from './http';
import { optionalQuery, pageQuery } from './pagination';
import { PAYMENT_POLICY_MESSAGES, SERVICE_PAYMENT_MODES } from './payment-policy-constants';
import {
  MAX_BUFFER_MINUTES,
  MAX_SERVICE_DURATION_MINUTES,
  MAX_SERVICE_PRICE,
  SERVICE_MESSAGES,
  SERVICE_SORTS,
} from './services-constants';
import { weeklyHoursSchema } from './shop-settings';
import { TEXT_LIMITS } from './text-limits';
import { MAX_VEHICLE_CLASSES } from './vehicles-constants';

const serviceSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  /** Dollars. */
  price: z.number(),
  /** Minutes the bay stays busy after the slot ends (drying, curing). */
  bufferMinutes: z.number().int(),
  /** Ids of the bays this service is limited to; empty: any active bay. */
  bays: z.array(z.uuid()),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  /** The service's own weekly hours, inside the shop's (`PUT /api/services/:id/hours`); null: the shop's hours. */
  hours: weeklyHoursSchema.nullable(),
  /** How a customer pays for it online: in full (SPEC.md's), a deposit, or nothing with the card saved. */
  paymentMode: z.enum(SERVICE_PAYMENT_MODES),
});

export type Service = z.infer<typeof serviceSchema>;

/** A service's price and duration for one live vehicle class: its own, or (own: false) the service's. */
export const classPriceSchema = z.object({
  vehicleClass: z.uuid(),
  name: z.string(),
  /** Dollars. */
  price: z.number(),
  /** Minutes. */
  duration: z.number().int(),
  /** Whether the class has a price of its own for the service; false: the service's price and duration. */
  own: z.boolean(),
});

export type ClassPrice = z.infer<typeof classPriceSchema>;

/** The lowest price any live class pays for the service: "from $X". */
const priceFromField = z.number();

export const durationField = z
  .number({ error: SERVICE_MESSAGES.durationRequired })
  .int({ error: SERVICE_MESSAGES.durationWhole })
  .positive({ error: SERVICE_MESSAGES.durationWhole })
  .max(MAX_SERVICE_DURATION_MINUTES, { error: SERVICE_MESSAGES.durationTooLong });

export const priceField = z
  .number({ error: SERVICE_MESSAGES.priceRequired })
  .positive({ error: SERVICE_MESSAGES.pricePositive })
  .max(MAX_SERVICE_PRICE, { error: SERVICE_MESSAGES.priceTooHigh })
  .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, { error: SERVICE_MESSAGES.priceCents });

const bufferField = z
  .number({ error: SERVICE_MESSAGES.bufferInvalid })
  .int({ error: SERVICE_MESSAGES.bufferInvalid })
  .min(0, { error: SERVICE_MESSAGES.bufferInvalid })
  .max(MAX_BUFFER_MINUTES, { error: SERVICE_MESSAGES.bufferInvalid });

/**
 * The add and edit form, and the body of POST and PUT. SPEC.md's four fields, then the bay settings:
 * left out, a new service has no buffer and may use any bay, and an edit leaves them as they are.
 */
export const serviceInputSchema = z.object({
  name: boundedText(SERVICE_MESSAGES.nameRequired, TEXT_LIMITS.serviceName, SERVICE_MESSAGES.nameTooLong),
  description: boundedText(
    SERVICE_MESSAGES.descriptionRequired,
    TEXT_LIMITS.serviceDescription,
    SERVICE_MESSAGES.descriptionTooLong,
  ),
  duration: durationField,
  price: priceField,
  bufferMinutes: bufferField.optional(),
  bays: idList(SERVICE_MESSAGES.baysInvalid, SERVICE_MESSAGES.baysRepeated).optional(),
  /** Left out: a new service is paid in full online, and an edit leaves it as it is. */
  paymentMode: z.enum(SERVICE_PAYMENT_MODES, { error: PAYMENT_POLICY_MESSAGES.paymentModeInvalid }).optional(),
});

export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const createServiceSchema = serviceInputSchema.extend({
  /** Sent as false by the add form; a service cannot be created deleted. */
  isDeleted: z.literal(false, { error: 'isDeleted must be false' }).optional(),
});

export const updateServiceSchema = serviceInputSchema
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: SERVICE_MESSAGES.nothingToChange,
  });

/**
 * A bound that means "none": a zero amount, however written (every price is above it, so it bounds nothing),
 * or `NaN`, which the older client sends when its budget field is cleared.
 */
const isNoAmount = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && (Number(value) === 0 || value.trim() === 'NaN');

/**
 * A budget bound in dollars. 0 or NaN, like an empty value, means "no budget": clients send `min=0&max=0` on
 * the catalogue's first load and on Reset Filters (a maximum of 0 would otherwise list nothing), and the
 * older client sends `min=NaN` once its minimum is cleared.
 */
const amountQuery = (message: string) =>
  z.preprocess(
    (value) => (isNoAmount(value) ? undefined : value),
    optionalQuery(
      z.coerce
        .number({ error: message })
        .min(0, { error: message })
        .max(Number.MAX_SAFE_INTEGER / 100, { error: message }),
    ),
  );

export const serviceListQuerySchema = z
  .object({
    searchTerm: optionalQuery(z.string().trim().max(TEXT_LIMITS.searchTerm, { error: SERVICE_MESSAGES.searchTooLong })),
    min: amountQuery(SERVICE_MESSAGES.minNotNumber),
    max: amountQuery(SERVICE_MESSAGES.maxNotNumber),
    sort: optionalQuery(z.enum(SERVICE_SORTS, { error: SERVICE_MESSAGES.badSort })).default('-createdAt'),
    ...pageQuery,
  })
  // Only a non-zero max bounds min: `min=50&max=0` asks for everything from 50 up.
  .refine((query) => query.min === undefined || query.max === undefined || query.min <= query.max, {
    error: SERVICE_MESSAGES.minAboveMax,
    path: ['min'],
  });

export type ServiceListQuery = z.infer<typeof serviceListQuerySchema>;

/** A catalogue entry: SPEC.md's service, and the lowest price any vehicle class pays for it. */
export const serviceListItemSchema = serviceSchema.extend({ priceFrom: priceFromField });

export type ServiceListItem = z.infer<typeof serviceListItemSchema>;

export const serviceListResponseSchema = listResponse(serviceListItemSchema);

/**
 * `GET /api/services/:id`: SPEC.md's service, its price and duration for each live vehicle class in the
 * shop's order, and the add-ons offered with it. Every other answer that carries a service carries these too.
 */
export const serviceDetailSchema = serviceListItemSchema.extend({
  prices: z.array(classPriceSchema),
  addOns: z.array(addOnOfferSchema),
});

export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const serviceResponseSchema = successResponse(serviceDetailSchema);

/**
 * `PUT /api/services/:id/prices`: the classes with a price of their own for the service, each with its price
 * (dollars) and duration (minutes); a class left out takes the service's price and duration.
 */
export const servicePricesInputSchema = z.object({
  prices: z
    .array(
      z.object({
        vehicleClass: z.uuid({ error: SERVICE_MESSAGES.pricesInvalid }),
        price: priceField,
        duration: durationField,
      }),
      { error: SERVICE_MESSAGES.pricesInvalid },
    )
    .max(MAX_VEHICLE_CLASSES, { error: SERVICE_MESSAGES.pricesInvalid })
    .refine((rows) => new Set(rows.map((row) => row.vehicleClass)).size === rows.length, {
      error: SERVICE_MESSAGES.pricesRepeated,
    }),
});

export type ServicePricesInput = z.infer<typeof servicePricesInputSchema>;

/** What a slot can be created for: a live service's id and name. */
const serviceNameSchema = z.object({ _id: z.uuid(), name: z.string() });

export type ServiceName = z.infer<typeof serviceNameSchema>;

export const serviceNamesResponseSchema = successResponse(z.array(serviceNameSchema));
