import { z } from 'zod';
import { bayRefSchema } from './bays';
import { bookingSchema } from './bookings';
import { BOOKING_STATUSES } from './bookings-constants';
import { calendarDate } from './fields';
import { PAYMENT_METHODS } from './front-desk-constants';
import { successResponse } from './http';
import { optionalQuery } from './pagination';
import { checkRange, fromDate, toDate } from './report-dates';
import { REPORT_MESSAGES } from './reports-constants';

/** `GET /api/admin/overview`: business days, both counted; absent, the 30 days ending today. */
export const overviewQuerySchema = z
  .object({ from: optionalQuery(fromDate), to: optionalQuery(toDate) })
  .superRefine(checkRange);

export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

const statusCounts = z.object(
  Object.fromEntries(BOOKING_STATUSES.map((status) => [status, z.number().int()])) as Record<
    (typeof BOOKING_STATUSES)[number],
    z.ZodNumber
  >,
);

/** What one period's bookings, customers and reviews add up to. Money in dollars. */
const periodSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Paid bookings' prices minus what was refunded of them. */
  revenue: z.number(),
  paid: z.number(),
  refunded: z.number(),
  /** Bookings of slots in the period, by status, and their total. */
  bookings: statusCounts.extend({ total: z.number().int() }),
  /**
   * Bay-minutes taken by bookings (each its job's minutes, as its lines say) over bay-minutes of the slots
   * offered; rate null when nothing was offered.
   */
  occupancy: z.object({ bookedMinutes: z.number().int(), openMinutes: z.number().int(), rate: z.number().nullable() }),
  /** No-shows over bookings whose outcome was recorded (completed or no-show); null when there were none. */
  noShowRate: z.number().nullable(),
  newCustomers: z.number().int(),
  reviews: z.number().int(),
  averageRating: z.number().nullable(),
  /**
   * The period's money as the payment ledger holds it (dollars). Movements count on the business day they
   * happened: `collected` is every ledger row of the period summed (money in less money given back), and
   * `byMethod` the same split by how it moved, so the methods add up to `collected`; `refunded` what was given
   * back; `feesCharged` the fees taken and `feesWaived` those waived. Owed money counts on the day of the
   * booking's slot: `depositsHeld` the deposits paid on bookings still ahead (awaiting payment or confirmed)
   * with a balance due, `balancesOutstanding` what confirmed and completed bookings still owe.
   */
  money: z.object({
    collected: z.number(),
    byMethod: z.object(
      Object.fromEntries(PAYMENT_METHODS.map((method) => [method, z.number()])) as Record<
        (typeof PAYMENT_METHODS)[number],
        z.ZodNumber
      >,
    ),
    refunded: z.number(),
    depositsHeld: z.number(),
    balancesOutstanding: z.number(),
    feesCharged: z.number(),
    feesWaived: z.number(),
  }),
  /**
   * The wash club: `recurringRevenue` what the memberships live at the period's end bill a month (dollars; a
   * yearly plan counts a twelfth, a given one nothing) and `activeMembers` how many they are; `newMembers` and
   * `cancelledMembers` those that started and ended in it; `failedPayments` renewals declined in it;
   * `washesUsed` washes its plans paid (given back ones left out); `collected` the club's money taken (dollars).
   */
  club: z.object({
    recurringRevenue: z.number(),
    activeMembers: z.number().int(),
    newMembers: z.number().int(),
    cancelledMembers: z.number().int(),
    failedPayments: z.number().int(),
    washesUsed: z.number().int(),
    collected: z.number(),
  }),
  /**
   * The waitlist: `bookingsWonBack` freed times its offers sold in the period (their bookings not cancelled
   * since), and `revenueWonBack` what those bookings cost (dollars).
   */
  waitlist: z.object({
    bookingsWonBack: z.number().int(),
    revenueWonBack: z.number(),
  }),
});

export type OverviewPeriod = z.infer<typeof periodSchema>;

const overviewSchema = z.object({
  timeZone: z.string(),
  current: periodSchema,
  /** The period of the same length just before. */
  previous: periodSchema,
  /** Every day of the current period, empty days included. */
  revenuePerDay: z.array(z.object({ date: z.string(), revenue: z.number(), bookings: z.number().int() })),
  /** Services with bookings in the period, most booked first (cancelled bookings not counted). */
  bookingsPerService: z.array(
    z.object({ service: z.object({ _id: z.uuid(), name: z.string() }), bookings: z.number().int() }),
  ),
  /** Bookings (not cancelled) by the weekday (1 Monday … 7 Sunday) and hour their slot starts; empty cells left out. */
  demand: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), bookings: z.number().int() })),
  /**
   * The current period's revenue (paid bookings' prices minus refunds, dollars) and paid bookings by the vehicle
   * class they were priced by, most revenue first; `vehicleClass` null: bookings that named no class.
   */
  revenueByClass: z.array(
    z.object({
      vehicleClass: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
      revenue: z.number(),
      bookings: z.number().int(),
    }),
  ),
  /** The current period's add-ons, over its paid bookings. */
  addOns: z.object({
    /** Paid bookings with at least one add-on over paid bookings; null when there were none. */
    attachRate: z.number().nullable(),
    /** What the add-on lines of paid bookings brought in (dollars, before refunds). */
    revenue: z.number(),
    /** Each add-on booked, most revenue first. */
    byAddOn: z.array(
      z.object({
        addOn: z.object({ _id: z.uuid(), name: z.string() }),
        bookings: z.number().int(),
        revenue: z.number(),
      }),
    ),
  }),
});

export type Overview = z.infer<typeof overviewSchema>;

export const overviewResponseSchema = successResponse(overviewSchema);

/** `GET /api/admin/schedule`: a business day; absent, today. */
export const scheduleQuerySchema = z.object({
  date: optionalQuery(
    calendarDate({ required: REPORT_MESSAGES.dateInvalid, invalid: REPORT_MESSAGES.dateInvalid, field: 'date' }),
  ),
});

export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

const scheduleSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** The shop's active bays in its order, and any inactive bay that still has a booking that day. */
  bays: z.array(bayRefSchema.extend({ active: z.boolean() })),
  /** The day's first slot start and last slot end (HH:MM), or null when it has none. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /**
   * The day's bookings that take a bay (every status but cancelled), by start; each with what was paid
   * (`amountPaid`) and what is still to be paid (`balanceDue`), from the ledger.
   */
  bookings: z.array(bookingSchema),
});

export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleResponseSchema = successResponse(scheduleSchema);
