import { z } from 'zod';
import { listResponse, successResponse } from './http';
import { pageQuery } from './pagination';

export const BOOKING_STATUSES = ['pending', 'confirm', 'cancel'] as const;
export const PAYMENT_STATES = ['unpaid', 'paid', 'failed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const DEFAULT_PAYMENT_HOLD_MINUTES = 15;
export const BOOKING_NAME_MIN_LENGTH = 2;

export const BOOKING_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: `Name must be at least ${BOOKING_NAME_MIN_LENGTH} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  created: 'Booking created: complete the payment to confirm it',
  retrieved: 'Bookings retrieved',
  serviceRequired: 'service must be a service id',
  slotRequired: 'slot must be a slot id',
  serviceUnknown: 'This service does not exist or has been deleted',
  slotUnknown: 'This slot does not exist',
  slotOtherService: 'This slot belongs to another service',
  slotTaken: 'This slot has just been booked by someone else, please choose another',
  slotCancelled: 'This slot is not available for booking',
  slotPast: 'This slot has already started, please choose a later one',
  providerUnavailable: 'The payment service is not reachable right now, please try again',
  notFound: 'Booking not found',
  failed: 'Something went wrong while accessing this resource',
  onlyFilters: 'Only the payment and status filters are accepted',
  nextSlot: 'Next Slot',
} as const;

export const createBookingSchema = z.object({
  service: z.uuid({ error: BOOKING_MESSAGES.serviceRequired }),
  slot: z.uuid({ error: BOOKING_MESSAGES.slotRequired }),
  /** Ignored: a booking is always the caller's own. */
  customer: z.unknown().optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

/** The personal information form of /proceed-booking. */
export const bookingFormSchema = z.object({
  name: z
    .string({ error: BOOKING_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: BOOKING_MESSAGES.nameRequired, abort: true })
    .min(BOOKING_NAME_MIN_LENGTH, { error: BOOKING_MESSAGES.nameTooShort }),
  email: z
    .string({ error: BOOKING_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: BOOKING_MESSAGES.emailRequired, abort: true })
    .pipe(z.email({ error: BOOKING_MESSAGES.emailInvalid })),
});

export const bookingSlotSchema = z.object({
  _id: z.uuid(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The slot's start and end as instants, for countdowns in any browser time zone. */
  startsAt: z.string(),
  endsAt: z.string(),
});

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
  payment: z.enum(PAYMENT_STATES),
  status: z.enum(BOOKING_STATUSES),
  /** Until when an unpaid booking holds its slot; null once settled. */
  holdExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const myBookingsQuerySchema = z.strictObject(
  {
    payment: z.enum(PAYMENT_STATES, { error: `payment must be one of ${PAYMENT_STATES.join(', ')}` }).optional(),
    status: z.enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` }).optional(),
  },
  { error: BOOKING_MESSAGES.onlyFilters },
);

export const adminBookingListQuerySchema = z.object(pageQuery);

export const createBookingResponseSchema = successResponse(
  z.object({ payment_url: z.string(), booking: bookingSchema }),
);
export const bookingResponseSchema = successResponse(bookingSchema);
export const bookingListResponseSchema = listResponse(bookingSchema);
export const myBookingsResponseSchema = successResponse(z.array(bookingSchema));
