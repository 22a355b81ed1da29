import { z } from 'zod';
import { calendarDate } from './fields';
import { listResponse, successResponse } from './http';
import { pageQuery } from './pagination';
import { jobQueryFields, oneVehicleOrClass } from './quotes';
import { SLOT_MESSAGES, SLOT_ORIGINS, SLOT_STATUSES } from './slots-constants';

const UUID_LENGTH = 36;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar day as YYYY-MM-DD. */
const dateField = calendarDate({
  required: SLOT_MESSAGES.dateRequired,
  invalid: SLOT_MESSAGES.dateInvalid,
  field: 'Date',
});

const timeField = z
  .string({ error: SLOT_MESSAGES.timeRequired })
  .min(1, { error: SLOT_MESSAGES.timeRequired, abort: true })
  .max('HH:MM'.length, { error: SLOT_MESSAGES.timeInvalid, abort: true })
  .regex(TIME, { error: SLOT_MESSAGES.timeInvalid });

/** The slot form and `POST /api/services/slots`, checked in SPEC.md's order. */
export const createSlotsSchema = z
  .object({
    service: z
      .string({ error: SLOT_MESSAGES.serviceRequired })
      .min(1, { error: SLOT_MESSAGES.serviceRequired, abort: true })
      .max(UUID_LENGTH, { error: SLOT_MESSAGES.serviceUnknown })
      .pipe(z.uuid({ error: SLOT_MESSAGES.serviceUnknown })),
    date: dateField,
    startTime: timeField,
    endTime: timeField,
  })
  .refine((slot) => slot.startTime <= slot.endTime, { error: SLOT_MESSAGES.startAfterEnd, path: ['startTime'] });

export type CreateSlotsInput = z.infer<typeof createSlotsSchema>;

const slotSchema = z.object({
  _id: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The slot's status, under the name the clients know. */
  isBooked: z.enum(SLOT_STATUSES),
  service: z.object({ _id: z.uuid(), name: z.string() }),
  createdAt: z.string(),
  /** Active bays that may take a booking of this slot's service. */
  capacity: z.number().int(),
  /** Of those, the bays free over the slot's time plus the service's buffer: 0 makes the slot 'booked'. */
  remaining: z.number().int(),
  /** generated: made from the shop's hours; manual: made by an administrator on Slot Management. */
  origin: z.enum(SLOT_ORIGINS),
});

export type Slot = z.infer<typeof slotSchema>;

const slotDetailSchema = slotSchema.extend({
  service: z.object({ _id: z.uuid(), name: z.string(), price: z.number(), duration: z.number().int() }),
});

export type SlotDetail = z.infer<typeof slotDetailSchema>;

/**
 * `GET /api/slots`: a service's times on one day. With a vehicle, a vehicle class or add-ons, only the times
 * where the whole job fits (a bay free for its minutes plus the buffer, done by closing), counted for it.
 */
export const availabilityQuerySchema = oneVehicleOrClass(
  z.object({
    service: z.uuid({ error: 'service must be a service id' }),
    date: dateField,
    ...jobQueryFields,
  }),
);

export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/** Slot Management: every slot newest first (SPEC.md), or with filters one day's or one service's from a day on. */
export const adminSlotListQuerySchema = z.object({
  ...pageQuery,
  /** Only this day's slots, in time order. */
  date: dateField.optional(),
  /** Only slots on or after this day, in time order. */
  from: dateField.optional(),
  service: z.uuid({ error: 'service must be a service id' }).optional(),
  origin: z.enum(SLOT_ORIGINS).optional(),
});

export type AdminSlotListQuery = z.infer<typeof adminSlotListQuerySchema>;

export const createSlotsResponseSchema = successResponse(z.array(slotSchema));

/** Slot Management's rows: also how many live bookings hold the slot (while any does, it cannot be cancelled). */
const adminSlotSchema = slotSchema.extend({ liveBookings: z.number().int() });

export type AdminSlot = z.infer<typeof adminSlotSchema>;

export const slotListResponseSchema = listResponse(adminSlotSchema);

export const slotsResponseSchema = successResponse(z.array(slotSchema));

export const slotDetailResponseSchema = successResponse(slotDetailSchema);

export const slotResponseSchema = successResponse(slotSchema);
