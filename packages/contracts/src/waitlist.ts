import { z } from 'zod';
import { calendarDate } from './fields';
import { listResponse, successResponse } from './http';
import { jobFields, oneVehicleOrClass } from './quotes';
import {
  WAITLIST_MAX_WINDOWS,
  WAITLIST_MESSAGES,
  WAITLIST_OFFER_STATUSES,
  WAITLIST_STATUSES,
  WAITLIST_TIME_PATTERN,
} from './waitlist-constants';

const dateField = calendarDate({
  required: WAITLIST_MESSAGES.dateRequired,
  invalid: WAITLIST_MESSAGES.dateInvalid,
  field: 'Date',
});

const timeField = z
  .string({ error: WAITLIST_MESSAGES.timeRequired })
  .min(1, { error: WAITLIST_MESSAGES.timeRequired, abort: true })
  .max('HH:MM'.length, { error: WAITLIST_MESSAGES.timeInvalid, abort: true })
  .regex(WAITLIST_TIME_PATTERN, { error: WAITLIST_MESSAGES.timeInvalid });

/** A preferred day and a time window on it, in the shop's time: a time starting in [from, to) suits. */
export const waitlistWindowSchema = z
  .object({ date: dateField, from: timeField, to: timeField }, { error: WAITLIST_MESSAGES.windowsInvalid })
  .refine((window) => window.from < window.to, { error: WAITLIST_MESSAGES.fromBeforeTo, path: ['to'] });

export type WaitlistWindow = z.infer<typeof waitlistWindowSchema>;

/**
 * `POST /api/waitlist`: the service, one to WAITLIST_MAX_WINDOWS days and windows, and the job as a booking
 * names it (a vehicle of the caller's garage or a class, and add-ons).
 */
export const joinWaitlistSchema = oneVehicleOrClass(
  z.object({
    service: z.uuid({ error: WAITLIST_MESSAGES.serviceRequired }),
    windows: z
      .array(waitlistWindowSchema, { error: WAITLIST_MESSAGES.windowsRequired })
      .min(1, { error: WAITLIST_MESSAGES.windowsRequired })
      .max(WAITLIST_MAX_WINDOWS, { error: WAITLIST_MESSAGES.tooManyWindows })
      .refine((windows) => new Set(windows.map((window) => `${window.date} ${window.from}`)).size === windows.length, {
        error: WAITLIST_MESSAGES.windowRepeated,
      }),
    ...jobFields,
  }),
);

export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** `GET /api/waitlist?date=`: the day whose waitlist staff read. */
export const waitlistDayQuerySchema = z.object({
  date: calendarDate({
    required: WAITLIST_MESSAGES.dayRequired,
    invalid: WAITLIST_MESSAGES.dateInvalid,
    field: 'Date',
  }),
});

/**
 * A freed time held for the entry: `startsAt` the time (also as the shop's `date` and `startTime`), held until
 * `expiresAt`; `paymentUrl` opens its checkout while it is open (null once decided or when none is open).
 */
export const waitlistOfferSchema = z.object({
  _id: z.uuid(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  booking: z.uuid(),
  startsAt: z.string(),
  date: z.string(),
  startTime: z.string(),
  expiresAt: z.string(),
  paymentUrl: z.string().nullable(),
});

export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** An entry as its customer sees it: the latest offer made to it, if any. */
export const waitlistEntrySchema = z.object({
  _id: z.uuid(),
  status: z.enum(WAITLIST_STATUSES),
  service: z.object({ _id: z.uuid(), name: z.string() }),
  vehicle: z.uuid().nullable(),
  vehicleClass: z.uuid().nullable(),
  addOns: z.array(z.uuid()),
  windows: z.array(z.object({ date: z.string(), from: z.string(), to: z.string() })),
  offer: waitlistOfferSchema.nullable(),
  createdAt: z.string(),
});

export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** An entry on a day's waitlist, as staff see it: with its customer. */
export const waitlistDayEntrySchema = waitlistEntrySchema.extend({
  customer: z.object({
    _id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});

export type WaitlistDayEntry = z.infer<typeof waitlistDayEntrySchema>;

export const waitlistEntryResponseSchema = successResponse(waitlistEntrySchema);
export const waitlistListResponseSchema = listResponse(waitlistEntrySchema);
export const waitlistDayResponseSchema = listResponse(waitlistDayEntrySchema);
