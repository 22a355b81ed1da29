/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

export const BOOKING_STATUSES = ['pending', 'confirm', 'cancel'] as const;

export const PAYMENT_STATES = ['unpaid', 'paid', 'failed'] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

type PaymentState = (typeof PAYMENT_STATES)[number];

export const DEFAULT_PAYMENT_HOLD_MINUTES = 15;

export const BOOKING_NAME_MIN_LENGTH = 2;

export const BOOKING_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: `Name must be at least ${BOOKING_NAME_MIN_LENGTH} characters`,
  nameTooLong: tooLongMessage('Name', TEXT_LIMITS.personName),
  emailTooLong: tooLongMessage('Email', TEXT_LIMITS.email),
  customerIgnored: `customer must be the id of the signed-in user, at most ${TEXT_LIMITS.ignoredId} characters (a booking is always the caller's own)`,
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
  tooManyHolds: (max: number) =>
    `You already have ${max === 1 ? 'an unpaid booking' : `${max} unpaid bookings`}: pay for or cancel one, or wait for its hold to end, before booking another`,
  providerUnavailable: 'The payment service is not reachable right now, please try again',
  notFound: 'Booking not found',
  failed: 'Something went wrong while accessing this resource',
  onlyFilters: 'Only the payment and status filters are accepted',
  nextSlot: 'Next Slot',
} as const;

/** Countdowns (booking cards and the header's Next Slot) tick once a second. */
export const COUNTDOWN_TICK_MS = 1000;

/** The header's Next Slot countdown counts down to the earliest paid, confirmed booking. */
export const NEXT_SLOT_FILTER = { payment: 'paid', status: 'confirm' } as const satisfies {
  payment: PaymentState;
  status: BookingStatus;
};

/** What the checkout pages and the payment provider's webhook answer. */
export const PAYMENT_MESSAGES = {
  sessionNotFound: 'Payment session not found',
  invalidSignature: 'Invalid webhook signature',
} as const;
