import { z } from 'zod';
import { boundedText } from './fields';
import { listResponse, successResponse } from './http';
import { PLAN_INTERVALS, PLAN_KINDS, PLAN_LIMITS, PLAN_MESSAGES } from './plans-constants';
import { MAX_SERVICE_PRICE } from './services-constants';
import { TEXT_LIMITS } from './text-limits';

/** A plan as anyone reads it (`GET /api/plans`): what it costs, what it covers, how often. */
export const planSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(PLAN_KINDS),
  name: z.string(),
  description: z.string(),
  /** Dollars: each month or year for a membership, once for a pack. */
  price: z.number(),
  /** How often a membership is billed; null for a pack. */
  interval: z.enum(PLAN_INTERVALS).nullable(),
  /** Washes a period (null: unlimited) for a membership; washes in all for a pack. */
  washes: z.number().int().nullable(),
  /** Washes a day, for each vehicle. */
  washesPerDay: z.number().int(),
  /** The vehicles one membership covers: 1, or a family's N. */
  vehicles: z.number().int(),
  /** How many days a pack lasts from its purchase; null for a membership. */
  validDays: z.number().int().nullable(),
  /** The services it covers, in full. */
  services: z.array(z.object({ _id: z.uuid(), name: z.string() })),
  /** The add-ons it covers; any other add-on is paid. */
  addOns: z.array(z.object({ _id: z.uuid(), name: z.string() })),
  /** False once retired: no one joins it, and its members keep it until they leave. */
  active: z.boolean(),
  createdAt: z.string(),
});

export type Plan = z.infer<typeof planSchema>;

const whole = (message: string, { min, max }: { min: number; max: number }) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** A plan's covered services or add-ons: ids, each once, at most PLAN_LIMITS.covered. */
const coveredIds = (invalid: string, repeated: string) =>
  z
    .array(z.uuid({ error: invalid }), { error: invalid })
    .max(PLAN_LIMITS.covered, { error: invalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: repeated });

const planFields = {
  name: boundedText(PLAN_MESSAGES.nameRequired, TEXT_LIMITS.catalogueName, PLAN_MESSAGES.nameTooLong),
  description: z
    .string({ error: PLAN_MESSAGES.descriptionTooLong })
    .trim()
    .max(TEXT_LIMITS.catalogueDescription, { error: PLAN_MESSAGES.descriptionTooLong }),
  price: z
    .number({ error: PLAN_MESSAGES.priceRequired })
    .positive({ error: PLAN_MESSAGES.pricePositive })
    .max(MAX_SERVICE_PRICE, { error: PLAN_MESSAGES.priceTooHigh })
    .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, { error: PLAN_MESSAGES.priceCents }),
  washes: whole(PLAN_MESSAGES.washesInvalid, PLAN_LIMITS.washes).nullable(),
  washesPerDay: whole(PLAN_MESSAGES.washesPerDayInvalid, PLAN_LIMITS.washesPerDay),
  vehicles: whole(PLAN_MESSAGES.vehiclesInvalid, PLAN_LIMITS.vehicles),
  services: coveredIds(PLAN_MESSAGES.servicesInvalid, PLAN_MESSAGES.servicesRepeated).refine((ids) => ids.length > 0, {
    error: PLAN_MESSAGES.servicesRequired,
  }),
  addOns: coveredIds(PLAN_MESSAGES.addOnsInvalid, PLAN_MESSAGES.addOnsRepeated),
};

/**
 * `POST /api/plans`: a membership names its interval (washes left out: unlimited); a pack its washes and
 * validDays. Left out: no description, one wash a day, one vehicle, no add-ons.
 */
export const createPlanSchema = z
  .object({
    kind: z.enum(PLAN_KINDS, { error: PLAN_MESSAGES.kindInvalid }),
    ...planFields,
    description: planFields.description.optional(),
    interval: z.enum(PLAN_INTERVALS, { error: PLAN_MESSAGES.intervalInvalid }).optional(),
    washes: planFields.washes.optional(),
    washesPerDay: planFields.washesPerDay.optional(),
    vehicles: planFields.vehicles.optional(),
    validDays: whole(PLAN_MESSAGES.validDaysInvalid, PLAN_LIMITS.validDays).optional(),
    addOns: planFields.addOns.optional(),
  })
  .superRefine((plan, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (plan.kind === 'membership') {
      if (plan.interval === undefined) issue('interval', PLAN_MESSAGES.intervalForMembership);
      if (plan.validDays !== undefined) issue('validDays', PLAN_MESSAGES.validDaysNotForMembership);
    } else {
      if (plan.interval !== undefined) issue('interval', PLAN_MESSAGES.intervalNotForPack);
      if (plan.washes === undefined || plan.washes === null) issue('washes', PLAN_MESSAGES.washesForPack);
      if (plan.validDays === undefined) issue('validDays', PLAN_MESSAGES.validDaysForPack);
    }
  });

export type CreatePlanInput = z.infer<typeof createPlanSchema>;

/** A field a plan never changes: sent at all, it is refused with `message` rather than silently dropped. */
const fixed = (message: string) => z.never({ error: message });

/**
 * `PUT /api/plans/:id`: what it is called, says and covers, and its caps; the lists replace the old ones whole.
 * Its kind, price and interval are what members joined at: a plan that should cost more is retired and made anew,
 * and a request that sends any of them is refused, naming it.
 */
export const updatePlanSchema = z
  .object({
    kind: fixed(PLAN_MESSAGES.kindFixed),
    price: fixed(PLAN_MESSAGES.billingFixed),
    interval: fixed(PLAN_MESSAGES.billingFixed),
    name: planFields.name,
    description: planFields.description,
    washes: planFields.washes,
    washesPerDay: planFields.washesPerDay,
    vehicles: planFields.vehicles,
    validDays: whole(PLAN_MESSAGES.validDaysInvalid, PLAN_LIMITS.validDays),
    services: planFields.services,
    addOns: planFields.addOns,
  })
  .partial()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: PLAN_MESSAGES.nothingToChange,
  });

export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;

export const planListResponseSchema = listResponse(planSchema);
export const planResponseSchema = successResponse(planSchema);
