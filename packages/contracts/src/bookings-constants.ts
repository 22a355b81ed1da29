/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

export const BOOKING_STATUSES = ['pending', 'confirm', 'cancel', 'completed', 'no_show'] as const;

/** A booking's priced lines: its service, then each add-on. */
export const BOOKING_LINE_KINDS = ['service', 'addOn'] as const;

export const PAYMENT_STATES = ['unpaid', 'paid', 'failed'] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

type PaymentState = (typeof PAYMENT_STATES)[number];

export const DEFAULT_PAYMENT_HOLD_MINUTES = 15;

/**
 * How long a new booking holds its time before its checkout page is opened; opening it extends the hold to
 * the full payment hold. A booking made only to hold a time, whose checkout is never opened, lets go soon.
 */
export const DEFAULT_UNOPENED_HOLD_MINUTES = 3;

/** How many unpaid bookings may come from one client address at once, whatever the accounts behind them. */
export const DEFAULT_MAX_PENDING_HOLDS_PER_ADDRESS = 4;

/**
 * While unpaid holds already cover this share (percent) of a day's bay time, no new unpaid hold is taken on
 * that day: paying customers always find the rest.
 */
export const DEFAULT_MAX_UNPAID_DAY_PERCENT = 50;

/** Up to this many hours before the start, a customer may cancel (with a full refund) or reschedule online. */
export const DEFAULT_CANCELLATION_CUTOFF_HOURS = 24;

/** How many hours before the start the reminder email goes out. */
export const DEFAULT_REMINDER_HOURS_BEFORE = 24;

/** Where a booking's refund stands: asked of the provider, or done. */
export const REFUND_STATES = ['pending', 'refunded'] as const;

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
  slotFull: 'This slot is fully booked',
  slotCancelled: 'This slot is not available for booking',
  slotPast: 'This slot has already started, please choose a later one',
  slotTooSoon: 'This time is too soon to book online: please choose a later one',
  slotBeyondHorizon: 'This time is too far ahead to book online yet: please choose an earlier one',
  tooManyHolds: (max: number) =>
    `You already have ${max === 1 ? 'an unpaid booking' : `${max} unpaid bookings`}: pay for or cancel one, or wait for its hold to end, before booking another`,
  tooManyHoldsFromAddress:
    'Too many unpaid bookings come from your network right now: pay for or cancel one, or wait for its hold to end, before booking another',
  dayHeldByUnpaid:
    'Too many bookings on this day are waiting for payment right now, please try again in a few minutes or choose another day',
  providerUnavailable: 'The payment service is not reachable right now, please try again',
  notFound: 'Booking not found',
  failed: 'Something went wrong while accessing this resource',
  onlyFilters: 'Only the payment and status filters are accepted',
  cancelled: 'Booking cancelled',
  rescheduled: 'Booking moved to the new slot',
  completed: 'Booking marked completed',
  noShow: 'Booking marked as a no-show',
  markedReady: 'Marked ready: the customer is told',
  alreadyReady: 'This booking is already marked ready',
  readyNotStarted: 'A booking can be marked ready only once its slot has started',
  pastCutoff: (hours: number, contact: string) =>
    `Bookings can be cancelled or moved online up to ${hours} hours before they start. To change this one, please contact the shop: ${contact}`,
  alreadyEnded: {
    cancel: 'This booking is already cancelled',
    completed: 'This booking is already completed',
    no_show: 'This booking is already marked as a no-show',
  },
  notPaidYet: 'This booking is not paid yet: pay for it or cancel it at the checkout',
  notStarted: 'A booking can be marked completed or no-show only once its slot has started',
  cancelInProgress: 'This booking is already being cancelled',
  refundFailed:
    'The payment service could not refund this booking right now, so it stays confirmed. Please try again later',
  rescheduleOtherService: 'The new slot belongs to another service',
  rescheduleSameSlot: 'The booking is already in this slot',
  refundInvalid: 'refund must be true or false',
  addToCalendar: 'Add to calendar',
  nextSlot: 'Next Slot',

  /** The shop's contact as the refusal past the cut-off names it (the API's message and the web's hint). */
  shopContact: (contact: { phone: string; email: string }) => `${contact.phone} or ${contact.email}`,

  // Web only, below this line: what My Bookings and Booking Management show. The API never sends these.
  cancelPrompt: 'Cancel this booking?',
  cancelRefundNotice: (amount: string) => `You will be refunded ${amount} in full.`,
  /** What a refund gives back when part of what was paid is kept (a late cancellation keeps the deposit). */
  cancelPartRefundNotice: (amount: string) => `You will be refunded ${amount}.`,
  /** Past the cut-off, under terms that let the customer cancel late at a cost: moving is still the shop's. */
  lateMoveOnly: (hours: number, contact: string) =>
    `Bookings can be moved online up to ${hours} hours before they start. To move this one, please contact the shop: ${contact}`,
  lateCancelFee: (amount: string) =>
    `Cancelling it now costs a late cancellation fee of ${amount}, charged to your card.`,
  lateCancelKeepsDeposit: (amount: string) => `Cancelling it now keeps your deposit of ${amount}.`,
  reschedulePrompt: 'Move this booking',
  rescheduleNotice: 'Choose another slot of the same service. Your payment moves with the booking.',
  calendarSaved: 'Calendar event downloaded: open it to add the booking to your calendar',
  adminCancelPrompt: (customer: string) => `Cancel ${customer}'s booking?`,
  adminRefundNotice: (amount: string) => `${amount} will be refunded through the payment provider.`,
  adminNoRefundNotice: 'The customer will not be refunded.',
  completePrompt: (customer: string) => `Mark ${customer}'s booking completed?`,
  noShowPrompt: (customer: string) => `Mark ${customer}'s booking as a no-show?`,
  outcomeNotice: 'This ends the booking and frees the rest of its bay time. It cannot be undone.',
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
