import { z } from 'zod';
import { bayRefSchema } from './bays';
import {
  BOOKING_MESSAGES,
  BOOKING_NAME_MIN_LENGTH,
  BOOKING_STATUSES,
  PAYMENT_STATES,
  REFUND_STATES,
} from './bookings-constants';
import {
  BOOKING_FEE_KINDS,
  BOOKING_FEE_STATUSES,
  COUNTER_METHODS,
  FRONT_DESK_LIMITS,
  FRONT_DESK_MESSAGES,
  MOVE_REASONS,
  PAY_WITH,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
} from './front-desk-constants';
import { listResponse, successResponse } from './http';
import { optionalQuery, pageQuery } from './pagination';
import { PAYMENT_POLICY_MESSAGES } from './payment-policy-constants';
import { bookingLineSchema, jobFields, oneVehicleOrClass } from './quotes';
import { checkRange, fromDate, toDate } from './report-dates';
import { MAX_SEARCH_LENGTH, REPORT_MESSAGES } from './reports-constants';
import { TEXT_LIMITS } from './text-limits';
import { MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES, TEXT_MESSAGES } from './texts-constants';

/**
 * `POST /api/bookings`: SPEC.md's service and slot, and what the booking is priced by (see `jobFields`):
 * left out, the service's base price and duration, as the older client books. Staff and the administrator
 * book for a customer: `customer` names them (ignored when a customer books, as SPEC.md has it), `payWith`
 * says how it is paid, and `walkIn: true` books a car that is here now instead of a slot.
 */
export const createBookingSchema = oneVehicleOrClass(
  z.object({
    service: z.uuid({ error: BOOKING_MESSAGES.serviceRequired }),
    slot: z.uuid({ error: BOOKING_MESSAGES.slotRequired }).optional(),
    /** Ignored when a customer books (a booking is always the caller's own); the customer's id when staff book. */
    customer: z
      .string({ error: BOOKING_MESSAGES.customerIgnored })
      .max(TEXT_LIMITS.ignoredId, { error: BOOKING_MESSAGES.customerIgnored })
      .nullable()
      .optional(),
    payWith: z.enum(PAY_WITH, { error: FRONT_DESK_MESSAGES.payWithInvalid }).optional(),
    /**
     * The version of the shop's terms (GET /api/config's `policyVersion`) the customer read and accepted before
     * paying. Left out (the older client): the booking is paid in full online and no fee is ever charged on it.
     */
    acceptPolicy: z
      .number({ error: PAYMENT_POLICY_MESSAGES.acceptInvalid })
      .int({ error: PAYMENT_POLICY_MESSAGES.acceptInvalid })
      .positive({ error: PAYMENT_POLICY_MESSAGES.acceptInvalid })
      .optional(),
    walkIn: z.boolean({ error: FRONT_DESK_MESSAGES.walkInInvalid }).optional(),
    /** A customer booking agrees to texts about their bookings; left out, their choice stays as it was. */
    textsAccepted: z.boolean({ error: TEXT_MESSAGES.textsAcceptedInvalid }).optional(),
    /** The customer's own note for the shop ("dog hair in the boot"), shown to staff. */
    note: z
      .string({ error: FRONT_DESK_MESSAGES.customerNoteTooLong })
      .trim()
      .max(FRONT_DESK_LIMITS.customerNote, { error: FRONT_DESK_MESSAGES.customerNoteTooLong })
      .optional(),
    ...jobFields,
  }),
).superRefine((input, context) => {
  // SPEC.md's booking names its slot; a walk-in names none.
  if (input.walkIn === true && input.slot !== undefined) {
    context.addIssue({ code: 'custom', message: FRONT_DESK_MESSAGES.slotOrWalkIn, path: ['slot'] });
  } else if (input.walkIn !== true && input.slot === undefined) {
    context.addIssue({ code: 'custom', message: BOOKING_MESSAGES.slotRequired, path: ['slot'] });
  }
});

export type CreateBookingInput = z.infer<typeof createBookingSchema>;

/** The personal information form of /proceed-booking. */
export const bookingFormSchema = z.object({
  name: z
    .string({ error: BOOKING_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: BOOKING_MESSAGES.nameRequired, abort: true })
    .min(BOOKING_NAME_MIN_LENGTH, { error: BOOKING_MESSAGES.nameTooShort })
    .max(TEXT_LIMITS.personName, { error: BOOKING_MESSAGES.nameTooLong }),
  email: z
    .string({ error: BOOKING_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: BOOKING_MESSAGES.emailRequired, abort: true })
    .max(TEXT_LIMITS.email, { error: BOOKING_MESSAGES.emailTooLong })
    .pipe(z.email({ error: BOOKING_MESSAGES.emailInvalid })),
});

const bookingSlotSchema = z.object({
  _id: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The slot's start and end as instants, for countdowns in any browser time zone. */
  startsAt: z.string(),
  endsAt: z.string(),
});

/** One movement of money for a booking: money in, or a refund (a negative amount). */
export const paymentLineSchema = z.object({
  _id: z.uuid(),
  kind: z.enum(PAYMENT_KINDS),
  method: z.enum(PAYMENT_METHODS),
  /** Dollars: positive for money received, negative for money given back. */
  amount: z.number(),
  createdAt: z.string(),
});

export type PaymentLine = z.infer<typeof paymentLineSchema>;

/** A text or email the shop sent (or will send) a customer about a booking. */
export const bookingMessageSchema = z.object({
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  status: z.enum(MESSAGE_STATUSES),
  /** When it was handed to the provider; null while it waits (quiet hours) or when it was not sent. */
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});

export type BookingMessage = z.infer<typeof bookingMessageSchema>;

export const bookingSchema = z.object({
  _id: z.uuid(),
  customer: z.object({
    _id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
  }),
  service: z.object({ _id: z.uuid(), name: z.string(), price: z.number(), duration: z.number().int() }),
  slot: bookingSlotSchema,
  /** The bay the booking occupies over its slot and the service's buffer. */
  bay: bayRefSchema,
  /** When the booking holds its bay: from its start for the job's minutes plus the service's buffer. */
  bayHeld: z.object({ from: z.string(), until: z.string() }),
  payment: z.enum(PAYMENT_STATES),
  status: z.enum(BOOKING_STATUSES),
  /** Until when an unpaid booking holds its slot; null once settled. */
  holdExpiresAt: z.string().nullable(),
  /** The money given back when the booking was cancelled after payment (dollars); null when none was. */
  refund: z.object({ amount: z.number(), status: z.enum(REFUND_STATES) }).nullable(),
  createdAt: z.string(),
  /** What the booking costs (dollars): the sum of its lines, as `service.price` has always said. */
  total: z.number(),
  /** Minutes the job takes: the lines' minutes (the bay is held that long plus the service's buffer). */
  duration: z.number().int(),
  /** The service for the class, then each add-on, with the price and minutes each had when booked. */
  lines: z.array(bookingLineSchema),
  /** The class the booking was priced by; null: the service's base price (a booking that named none). */
  vehicleClass: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  /** The vehicle as it was when booked; null when the booking named none. */
  vehicle: z
    .object({
      /** The garage's vehicle. */
      _id: z.uuid(),
      make: z.string(),
      model: z.string(),
      year: z.number().int().nullable(),
      colour: z.string(),
      plate: z.string().nullable(),
      plateRegion: z.string(),
      nickname: z.string(),
    })
    .nullable(),
  /** Dollars received for the booking, less what was given back: the sum of its payment lines. */
  amountPaid: z.number(),
  /** Dollars still to pay at the shop (or by the card on file); 0 once paid, and for a cancelled booking. */
  balanceDue: z.number(),
  /** Every movement of money for the booking, oldest first. */
  payments: z.array(paymentLineSchema),
  /** How the booking is paid (see PAY_WITH); `online` for every booking a customer makes. */
  payWith: z.enum(PAY_WITH),
  /** Whether the shop made the booking for the customer (a phone call, a walk-in). */
  bookedByShop: z.boolean(),
  /** The customer's own note for the shop, given when booking. */
  customerNote: z.string().nullable(),
  /** Why the booking was cancelled; null while it is not. */
  cancelReason: z.string().nullable(),
  /** The version of the shop's terms its customer accepted; null when none was (paid in full, no fees). */
  policyVersion: z.number().int().nullable(),
  /**
   * What the customer's own cancellation after the cut-off costs under the terms they accepted: a fee (dollars)
   * charged to their card, or the deposit paid (dollars) kept. Null when those terms refuse it (SPEC.md: they
   * contact the shop) or they accepted none. Before the cut-off a cancellation costs nothing.
   */
  lateCancellation: z.object({ kind: z.enum(['fee', 'keepDeposit']), amount: z.number() }).nullable(),
  /** The membership or pack whose plan paid the job (what it covers costs nothing); null for a job paid as usual. */
  membership: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  /** When the shop marked the car ready to collect; null until then. */
  readyAt: z.string().nullable(),
  /** What the shop told the customer about the booking, by text or email, oldest first. */
  messages: z.array(bookingMessageSchema),
  /** The fees the booking carries under those terms (a no-show, a late cancellation), and where each stands. */
  fees: z.array(
    z.object({
      _id: z.uuid(),
      kind: z.enum(BOOKING_FEE_KINDS),
      /** Dollars. */
      amount: z.number(),
      status: z.enum(BOOKING_FEE_STATUSES),
      /** Why staff waived it; null unless waived. */
      waiveReason: z.string().nullable(),
    }),
  ),
});

export type Booking = z.infer<typeof bookingSchema>;

export const myBookingsQuerySchema = z.strictObject(
  {
    payment: z.enum(PAYMENT_STATES, { error: `payment must be one of ${PAYMENT_STATES.join(', ')}` }).optional(),
    status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
  },
  { error: BOOKING_MESSAGES.onlyFilters },
);

export type MyBookingsQuery = z.infer<typeof myBookingsQuerySchema>;

const filterError = (field: string, values: readonly string[]) => `${field} must be one of ${values.join(', ')}`;

/** The filters of Booking Management and of its CSV export; `from` and `to` are slot dates. */
const bookingFilters = {
  status: optionalQuery(z.enum(BOOKING_STATUSES, { error: filterError('status', BOOKING_STATUSES) })),
  payment: optionalQuery(z.enum(PAYMENT_STATES, { error: filterError('payment', PAYMENT_STATES) })),
  from: optionalQuery(fromDate),
  to: optionalQuery(toDate),
  service: optionalQuery(z.uuid({ error: REPORT_MESSAGES.serviceInvalid })),
  bay: optionalQuery(z.uuid({ error: REPORT_MESSAGES.bayInvalid })),
  /** Literal and case-insensitive, over the customer's name, email and phone, and the vehicle's plate. */
  search: optionalQuery(
    z
      .string({ error: REPORT_MESSAGES.searchTooLong })
      .max(MAX_SEARCH_LENGTH, { error: REPORT_MESSAGES.searchTooLong })
      .trim()
      .transform((value) => value || undefined),
  ),
};

export const bookingFilterSchema = z.object(bookingFilters).superRefine(checkRange);

export type BookingFilters = z.infer<typeof bookingFilterSchema>;

/** `GET /api/bookings` (admin): SPEC.md's page and limit, and the filters. */
export const adminBookingListQuerySchema = z.object({ ...pageQuery, ...bookingFilters }).superRefine(checkRange);

export type AdminBookingListQuery = z.infer<typeof adminBookingListQuerySchema>;

/**
 * `POST /api/bookings/:id/cancel`. A customer's cancellation is always refunded in full; an administrator
 * may cancel without a refund (`refund: false`). `reason`: one of CANCEL_REASONS or written (kept and exported).
 */
export const cancelBookingSchema = z.preprocess(
  // A POST with no body at all means the defaults.
  (body) => body ?? {},
  z.object({
    refund: z.boolean({ error: BOOKING_MESSAGES.refundInvalid }).optional(),
    reason: z
      .string({ error: FRONT_DESK_MESSAGES.cancelReasonTooLong })
      .trim()
      .max(FRONT_DESK_LIMITS.reason, { error: FRONT_DESK_MESSAGES.cancelReasonTooLong })
      .optional(),
  }),
);

export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

/** What a cancellation gave back: `none` when nothing had been paid or no refund was asked for. */
const refundOutcomeSchema = z.object({ amount: z.number(), status: z.enum([...REFUND_STATES, 'none']) });

export type RefundOutcome = z.infer<typeof refundOutcomeSchema>;

export const cancelBookingResponseSchema = successResponse(
  z.object({ booking: bookingSchema, refund: refundOutcomeSchema }),
);

/**
 * `POST /api/bookings/:id/reschedule`: another slot of the same service. Staff move any booking, past the
 * cut-off too, and say why (`reason`, with `reasonText` for `other` or more words).
 */
export const rescheduleBookingSchema = z.object({
  slot: z.uuid({ error: BOOKING_MESSAGES.slotRequired }),
  reason: z.enum(MOVE_REASONS, { error: FRONT_DESK_MESSAGES.reasonInvalid }).optional(),
  reasonText: z
    .string({ error: FRONT_DESK_MESSAGES.reasonTextTooLong })
    .trim()
    .max(FRONT_DESK_LIMITS.reason, { error: FRONT_DESK_MESSAGES.reasonTextTooLong })
    .optional(),
});

export type RescheduleBookingInput = z.infer<typeof rescheduleBookingSchema>;

export const createBookingResponseSchema = successResponse(
  z.object({ payment_url: z.string(), booking: bookingSchema }),
);

export const bookingResponseSchema = successResponse(bookingSchema);

export const bookingListResponseSchema = listResponse(bookingSchema);

export const myBookingsResponseSchema = successResponse(z.array(bookingSchema));

/** `POST /api/bookings/:id/payments`: money taken at the counter (dollars). */
export const counterPaymentSchema = z.object({
  method: z.enum(COUNTER_METHODS, { error: FRONT_DESK_MESSAGES.methodInvalid }),
  amount: z
    .number({ error: FRONT_DESK_MESSAGES.amountInvalid })
    .positive({ error: FRONT_DESK_MESSAGES.amountInvalid })
    .max(1_000_000, { error: FRONT_DESK_MESSAGES.amountInvalid })
    .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
      error: FRONT_DESK_MESSAGES.amountInvalid,
    }),
});

export type CounterPaymentInput = z.infer<typeof counterPaymentSchema>;

/** The headers of `POST /api/bookings/:id/payments`: an optional key that makes a retry record nothing more. */
export const counterPaymentHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string({ error: FRONT_DESK_MESSAGES.idempotencyKeyInvalid })
    .regex(/^[\w-]{1,200}$/, { error: FRONT_DESK_MESSAGES.idempotencyKeyInvalid })
    .optional(),
});

/** `POST /api/bookings/:id/fees/:feeId/waive`: why staff waive the fee (a regular, a flat tyre). */
export const waiveFeeSchema = z.object({
  reason: z
    .string({ error: FRONT_DESK_MESSAGES.waiveReasonRequired })
    .trim()
    .min(1, { error: FRONT_DESK_MESSAGES.waiveReasonRequired, abort: true })
    .max(FRONT_DESK_LIMITS.reason, { error: FRONT_DESK_MESSAGES.waiveReasonTooLong }),
});

export const feeParams = z.object({
  id: z.uuid({ error: 'Invalid id' }),
  feeId: z.uuid({ error: 'Invalid id' }),
});

/** `POST /api/bookings/:id/charge-card`: the balance (or `amount` dollars of it) charged to the card on file. */
export const chargeCardSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    amount: z
      .number({ error: FRONT_DESK_MESSAGES.chargeAmountInvalid })
      .positive({ error: FRONT_DESK_MESSAGES.chargeAmountInvalid })
      .max(1_000_000, { error: FRONT_DESK_MESSAGES.chargeAmountInvalid })
      .refine((amount) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6, {
        error: FRONT_DESK_MESSAGES.chargeAmountInvalid,
      })
      .optional(),
  }),
);
