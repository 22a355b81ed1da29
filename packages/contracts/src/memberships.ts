import { z } from 'zod';
import { successResponse } from './http';
import {
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_PAUSE_MONTHS,
  MEMBERSHIP_PAYMENT_KINDS,
  MEMBERSHIP_STATUSES,
  PLAN_INTERVALS,
  PLAN_KINDS,
  PLAN_LIMITS,
} from './plans-constants';
import { TEXT_LIMITS } from './text-limits';

/** A membership or pack as its member (and the shop) reads it. */
export const membershipSchema = z.object({
  _id: z.uuid(),
  plan: z.object({
    _id: z.uuid(),
    kind: z.enum(PLAN_KINDS),
    name: z.string(),
    /** Dollars a period, or once for a pack. */
    price: z.number(),
    interval: z.enum(PLAN_INTERVALS).nullable(),
    /** Washes a period, or in all for a pack; null for unlimited. */
    washes: z.number().int().nullable(),
    washesPerDay: z.number().int(),
    vehicles: z.number().int(),
  }),
  /**
   * Where it stands now: a past-due membership whose grace has run out reads `suspended` (it washes again once
   * paid).
   */
  status: z.enum(MEMBERSHIP_STATUSES),
  vehicles: z.array(
    z.object({
      _id: z.uuid(),
      make: z.string(),
      model: z.string(),
      year: z.number().int().nullable(),
      plate: z.string().nullable(),
      nickname: z.string(),
    }),
  ),
  /** The paid period (a pack: from purchase to expiry); null until paid. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** It ends with the paid period (cancelled by the member); false for one that renews. */
  cancelAtPeriodEnd: z.boolean(),
  pausedUntil: z.string().nullable(),
  /** After a failed renewal: washing continues until then. */
  graceUntil: z.string().nullable(),
  failedPayments: z.number().int(),
  comped: z.boolean(),
  /** Washes used in the current period (a pack: in all), and left; `washesLeft` null for unlimited. */
  washesUsed: z.number().int(),
  washesLeft: z.number().int().nullable(),
  /** Where the member updates the card after a failed renewal (the provider's page, through ours); null otherwise. */
  cardUpdateUrl: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});

export type Membership = z.infer<typeof membershipSchema>;

/** `POST /api/memberships`: the plan (a membership or a pack) and the customer's vehicles it is for. */
export const joinPlanSchema = z.object({
  plan: z.uuid({ error: MEMBERSHIP_MESSAGES.planNotFound }),
  vehicles: z
    .array(z.uuid({ error: MEMBERSHIP_MESSAGES.vehiclesInvalid }), { error: MEMBERSHIP_MESSAGES.vehiclesInvalid })
    .min(1, { error: MEMBERSHIP_MESSAGES.vehiclesRequired })
    .max(PLAN_LIMITS.vehicles.max, { error: MEMBERSHIP_MESSAGES.vehiclesInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: MEMBERSHIP_MESSAGES.vehiclesRepeated }),
});

export type JoinPlanInput = z.infer<typeof joinPlanSchema>;

export const joinPlanResponseSchema = successResponse(
  z.object({ membership: membershipSchema, payment_url: z.string() }),
);

export const membershipResponseSchema = successResponse(membershipSchema);
export const membershipListResponseSchema = successResponse(z.array(membershipSchema));

/** `GET /api/memberships/lookup?plate=`: the plate as the counter types it (spaces and case do not matter). */
export const plateLookupQuerySchema = z.object({
  plate: z
    .string({ error: MEMBERSHIP_MESSAGES.plateRequired })
    .trim()
    .min(1, { error: MEMBERSHIP_MESSAGES.plateRequired })
    .max(TEXT_LIMITS.plateInput, { error: MEMBERSHIP_MESSAGES.plateTooLong }),
});

/** What the counter sees for a plate: whether it washes under a plan now, and how much is left. */
export const plateLookupResponseSchema = successResponse(
  z.object({
    plate: z.string(),
    /** True when a vehicle of this plate is in a membership or pack in good standing. */
    member: z.boolean(),
    membership: membershipSchema
      .extend({ customer: z.object({ firstName: z.string(), lastName: z.string() }) })
      .nullable(),
  }),
);

/** `POST /api/memberships/sandbox-clock` (the sandbox only): how many days to move its billing clock on. */
export const sandboxClockSchema = z.object({
  days: z
    .number({ error: MEMBERSHIP_MESSAGES.clockDays })
    .int({ error: MEMBERSHIP_MESSAGES.clockDays })
    .min(1, { error: MEMBERSHIP_MESSAGES.clockDays })
    .max(800, { error: MEMBERSHIP_MESSAGES.clockDays }),
});

export const sandboxClockResponseSchema = successResponse(
  z.object({
    /** The sandbox's time after the move. */
    now: z.string(),
    /** The provider's reports the move made (renewals, failures, endings). */
    events: z.number().int(),
  }),
);

/** A membership as the administrator's Members screen lists it: with its member. */
export const memberSchema = membershipSchema.extend({
  customer: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string(), email: z.string() }),
});

export type Member = z.infer<typeof memberSchema>;

/** `GET /api/memberships`: every membership and pack, newest first, or those of one status. */
export const memberListQuerySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES, { error: MEMBERSHIP_MESSAGES.statusInvalid }).optional(),
});

export const memberListResponseSchema = successResponse(z.array(memberSchema));

/**
 * `POST /api/memberships/comp`: the shop gives a customer's cars a plan for some months (a pack: its days), billed
 * to no one.
 */
export const compMembershipSchema = z.object({
  // Bounded as `customer` is on every route (a booking's), then read as an id.
  customer: z
    .string({ error: MEMBERSHIP_MESSAGES.customerInvalid })
    .max(TEXT_LIMITS.ignoredId, { error: MEMBERSHIP_MESSAGES.customerInvalid })
    .refine((value) => z.uuid().safeParse(value).success, { error: MEMBERSHIP_MESSAGES.customerInvalid }),
  plan: z.uuid({ error: MEMBERSHIP_MESSAGES.planNotFound }),
  vehicles: joinPlanSchema.shape.vehicles,
  months: z
    .number({ error: MEMBERSHIP_MESSAGES.monthsInvalid })
    .int({ error: MEMBERSHIP_MESSAGES.monthsInvalid })
    .min(1, { error: MEMBERSHIP_MESSAGES.monthsInvalid })
    .max(12, { error: MEMBERSHIP_MESSAGES.monthsInvalid })
    .optional(),
});

export type CompMembershipInput = z.infer<typeof compMembershipSchema>;

export const memberResponseSchema = successResponse(memberSchema);

/** `POST /api/memberships/counter`: the counter sells a customer's cars a pack, paid there in cash or by card. */
export const counterPackSchema = z.object({
  customer: compMembershipSchema.shape.customer,
  plan: z.uuid({ error: MEMBERSHIP_MESSAGES.planNotFound }),
  vehicles: joinPlanSchema.shape.vehicles,
  method: z.enum(['cash', 'card'], { error: MEMBERSHIP_MESSAGES.counterMethodInvalid }),
});

export type CounterPackInput = z.infer<typeof counterPackSchema>;

/** `GET /api/memberships/:id/history`: the washes a membership paid and the money it took, newest first. */
export const membershipHistorySchema = z.object({
  washes: z.array(
    z.object({
      booking: z.uuid(),
      service: z.string(),
      /** The shop's day of the wash. */
      date: z.string(),
      vehicle: z.string().nullable(),
      /** The booking was cancelled and the wash given back. */
      returned: z.boolean(),
    }),
  ),
  payments: z.array(
    z.object({
      kind: z.enum(MEMBERSHIP_PAYMENT_KINDS),
      method: z.string(),
      /** Dollars; negative when given back. */
      amount: z.number(),
      createdAt: z.string(),
    }),
  ),
});

export type MembershipHistory = z.infer<typeof membershipHistorySchema>;

export const membershipHistoryResponseSchema = successResponse(membershipHistorySchema);
/**
 * `POST /api/memberships/:id/pause`: how many months the member's monthly membership pauses for, from the end of
 * its paid period (nothing billed, no washes), after which it renews on its own.
 */
export const pauseMembershipSchema = z.object({
  months: z
    .number({ error: MEMBERSHIP_MESSAGES.pauseMonthsInvalid })
    .int({ error: MEMBERSHIP_MESSAGES.pauseMonthsInvalid })
    .min(Math.min(...MEMBERSHIP_PAUSE_MONTHS), { error: MEMBERSHIP_MESSAGES.pauseMonthsInvalid })
    .max(Math.max(...MEMBERSHIP_PAUSE_MONTHS), { error: MEMBERSHIP_MESSAGES.pauseMonthsInvalid }),
});

export type PauseMembershipInput = z.infer<typeof pauseMembershipSchema>;

/** `PUT /api/memberships/:id/vehicles`: the member's cars the membership covers from now on, in place of its own. */
export const changeMembershipVehiclesSchema = z.object({ vehicles: joinPlanSchema.shape.vehicles });

export type ChangeMembershipVehiclesInput = z.infer<typeof changeMembershipVehiclesSchema>;

/** `POST /api/memberships/:id/switch`: the membership plan the member moves to, its period restarting now. */
export const switchMembershipPlanSchema = z.object({ plan: z.uuid({ error: MEMBERSHIP_MESSAGES.planNotFound }) });

export type SwitchMembershipPlanInput = z.infer<typeof switchMembershipPlanSchema>;
