import { z } from 'zod';
import { BAY_MESSAGES, MAX_RESTRICTION_IDS } from './bays-constants';
import { boundedText } from './fields';
import { listResponse, successResponse } from './http';
import { TEXT_LIMITS } from './text-limits';

const baySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  active: z.boolean(),
  /** Position in the shop's list, from 1: bookings take the first free bay in this order. */
  sortOrder: z.number().int(),
  /** Ids of the services this bay is limited to; empty: it serves every service. */
  services: z.array(z.uuid()),
});

export type Bay = z.infer<typeof baySchema>;

/** A list of distinct ids, as a bay's services or a service's bays. */
export const idList = (invalid: string, repeated: string) =>
  z
    .array(z.uuid({ error: invalid }), { error: invalid })
    .max(MAX_RESTRICTION_IDS, { error: invalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: repeated });

const bayName = boundedText(BAY_MESSAGES.nameRequired, TEXT_LIMITS.bayName, BAY_MESSAGES.nameTooLong);
const bayServices = idList(BAY_MESSAGES.servicesInvalid, BAY_MESSAGES.servicesRepeated);

/** `POST /api/bays` and the add form. */
export const createBaySchema = z.object({ name: bayName, services: bayServices.optional() });

export type CreateBayInput = z.infer<typeof createBaySchema>;

/** `PUT /api/bays/:id`: any of the fields; sortOrder moves the bay to that position. */
export const updateBaySchema = z
  .object({
    name: bayName.optional(),
    active: z.boolean({ error: BAY_MESSAGES.activeInvalid }).optional(),
    sortOrder: z
      .number({ error: BAY_MESSAGES.sortOrderInvalid })
      .int({ error: BAY_MESSAGES.sortOrderInvalid })
      .min(1, { error: BAY_MESSAGES.sortOrderInvalid })
      .max(10_000, { error: BAY_MESSAGES.sortOrderInvalid })
      .optional(),
    services: bayServices.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: BAY_MESSAGES.nothingToChange,
  });

export type UpdateBayInput = z.infer<typeof updateBaySchema>;

export const bayResponseSchema = successResponse(baySchema);

export const bayListResponseSchema = listResponse(baySchema);

/** A booking's bay, as booking lists show it. */
export const bayRefSchema = z.object({ _id: z.uuid(), name: z.string() });
