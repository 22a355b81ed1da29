import { z } from 'zod';
import { ADD_ON_MESSAGES, MAX_BOOKING_ADD_ONS } from './add-ons-constants';
import { idList } from './bays';
import { boundedText } from './fields';
import { listResponse, successResponse } from './http';
import { optionalQuery } from './pagination';
import { MAX_SERVICE_DURATION_MINUTES, MAX_SERVICE_PRICE } from './services-constants';
import { TEXT_LIMITS } from './text-limits';
import { MAX_VEHICLE_CLASSES } from './vehicles-constants';

/** An add-on's price and minutes for one live vehicle class: its own, or (own: false) the add-on's. */
const addOnClassPriceSchema = z.object({
  vehicleClass: z.uuid(),
  name: z.string(),
  /** Dollars. */
  price: z.number(),
  minutes: z.number().int(),
  own: z.boolean(),
});

/** An add-on as a customer is offered it (`GET /api/add-ons`, a service's `addOns`). */
export const addOnOfferSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** Dollars, for a vehicle class without a price of its own. */
  price: z.number(),
  /** The minutes it adds to the job, for a class without minutes of its own. */
  minutes: z.number().int(),
  /** For each live vehicle class in the shop's order. */
  prices: z.array(addOnClassPriceSchema),
});

export type AddOnOffer = z.infer<typeof addOnOfferSchema>;

/** An add-on as the administrator manages it (`GET /api/add-ons/all`). */
export const addOnSchema = addOnOfferSchema.extend({
  active: z.boolean(),
  /** The services it is offered with. */
  services: z.array(z.uuid()),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});

export type AddOn = z.infer<typeof addOnSchema>;

const addOnPrice = z
  .number({ error: ADD_ON_MESSAGES.priceRequired })
  .positive({ error: ADD_ON_MESSAGES.pricePositive })
  .max(MAX_SERVICE_PRICE, { error: ADD_ON_MESSAGES.priceTooHigh })
  .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, { error: ADD_ON_MESSAGES.priceCents });

const addOnMinutes = z
  .number({ error: ADD_ON_MESSAGES.minutesInvalid })
  .int({ error: ADD_ON_MESSAGES.minutesInvalid })
  .min(1, { error: ADD_ON_MESSAGES.minutesInvalid })
  .max(MAX_SERVICE_DURATION_MINUTES, { error: ADD_ON_MESSAGES.minutesInvalid });

const addOnFields = {
  name: boundedText(ADD_ON_MESSAGES.nameRequired, TEXT_LIMITS.catalogueName, ADD_ON_MESSAGES.nameTooLong),
  description: z
    .string({ error: ADD_ON_MESSAGES.descriptionTooLong })
    .trim()
    .max(TEXT_LIMITS.catalogueDescription, { error: ADD_ON_MESSAGES.descriptionTooLong }),
  price: addOnPrice,
  minutes: addOnMinutes,
  active: z.boolean({ error: ADD_ON_MESSAGES.activeInvalid }),
  services: idList(ADD_ON_MESSAGES.servicesInvalid, ADD_ON_MESSAGES.servicesRepeated),
  /** The classes with a price (and minutes) of their own; a class left out takes the add-on's. */
  prices: z
    .array(
      z.object({
        vehicleClass: z.uuid({ error: ADD_ON_MESSAGES.pricesInvalid }),
        price: addOnPrice,
        minutes: addOnMinutes,
      }),
      { error: ADD_ON_MESSAGES.pricesInvalid },
    )
    .max(MAX_VEHICLE_CLASSES, { error: ADD_ON_MESSAGES.pricesInvalid })
    .refine((rows) => new Set(rows.map((row) => row.vehicleClass)).size === rows.length, {
      error: ADD_ON_MESSAGES.pricesRepeated,
    }),
};

/** `POST /api/add-ons`: left out, the description is empty, it is active, offered with no service, one price. */
export const createAddOnSchema = z.object({
  ...addOnFields,
  description: addOnFields.description.optional(),
  active: addOnFields.active.optional(),
  services: addOnFields.services.optional(),
  prices: addOnFields.prices.optional(),
});

export type CreateAddOnInput = z.infer<typeof createAddOnSchema>;

/** `PUT /api/add-ons/:id`: any of the fields; `services` and `prices` replace the lists whole. */
export const updateAddOnSchema = z
  .object(addOnFields)
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: ADD_ON_MESSAGES.nothingToChange,
  });

export type UpdateAddOnInput = z.infer<typeof updateAddOnSchema>;

/** `GET /api/add-ons`: the active add-ons, or only those offered with `service`. */
export const addOnListQuerySchema = z.object({
  service: optionalQuery(z.uuid({ error: ADD_ON_MESSAGES.serviceQueryInvalid })),
});

/** The add-ons a booking or a quote names: ids, each once. */
export const bookingAddOnsField = z
  .array(z.uuid({ error: ADD_ON_MESSAGES.listInvalid }), { error: ADD_ON_MESSAGES.listInvalid })
  .max(MAX_BOOKING_ADD_ONS, { error: ADD_ON_MESSAGES.listInvalid })
  .refine((ids) => new Set(ids).size === ids.length, { error: ADD_ON_MESSAGES.listRepeated });

export const addOnOfferListResponseSchema = listResponse(addOnOfferSchema);
export const addOnListResponseSchema = listResponse(addOnSchema);
export const addOnResponseSchema = successResponse(addOnSchema);
