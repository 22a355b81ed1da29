/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

/**
 * How a booking made by the shop is paid: `online` (the customer's own checkout, as a customer's booking is),
 * `link` (a checkout link sent to the customer), `counter` (at the shop, cash or card), `card` (the card the
 * customer saved). A customer's own booking is always `online`.
 */
export const PAY_WITH = ['online', 'link', 'counter', 'card'] as const;

export type PayWith = (typeof PAY_WITH)[number];

/** What a movement of money in the ledger is for. A refund is money out; every other kind is money in. */
export const PAYMENT_KINDS = ['deposit', 'full', 'balance', 'fee', 'refund'] as const;

export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** How the money moved: the online checkout, the card on file (off-session), or at the counter. */
export const PAYMENT_METHODS = ['online', 'card_on_file', 'cash', 'card'] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What staff take at the counter. */
export const COUNTER_METHODS = ['cash', 'card'] as const;

/** Why the shop moved a booking. `weather` and `shop` cost the customer nothing, and the email says so. */
export const MOVE_REASONS = ['customer', 'weather', 'shop', 'other'] as const;

export type MoveReason = (typeof MOVE_REASONS)[number];

/** The reasons that are the shop's doing: the customer is not charged for the move. */
export const FREE_MOVE_REASONS: readonly MoveReason[] = ['weather', 'shop'];

/** The cancellation reasons offered as a list; any other is written. */
export const CANCEL_REASONS = [
  'Customer changed plans',
  'Weather',
  'Shop closed or short-staffed',
  'Vehicle not available',
  'Booked by mistake',
] as const;

/**
 * The reasons kept with a booking the system cancels: its hold ran out or its checkout was left or closed
 * before paying, or the payment failed.
 */
export const HOLD_CANCEL_REASONS = {
  paymentNotCompleted: 'Payment not completed',
  paymentFailed: 'Payment failed',
} as const;

/** The fees a booking may carry: a no-show, or a cancellation after the cut-off. */
export const BOOKING_FEE_KINDS = ['no_show', 'late_cancel'] as const;

export type BookingFeeKind = (typeof BOOKING_FEE_KINDS)[number];

/**
 * Where a fee stands: `due` (not charged: no card on file), `charged` (taken from the card on file),
 * `awaiting_customer` (the card asked for the customer's authentication: they were sent a link), `declined`
 * (the card refused it), `waived` (staff waived it, giving back what was charged).
 */
export const BOOKING_FEE_STATUSES = ['due', 'charged', 'awaiting_customer', 'declined', 'waived'] as const;

export type BookingFeeStatus = (typeof BOOKING_FEE_STATUSES)[number];

/** How long free-text reasons and notes may be. */
export const FRONT_DESK_LIMITS = {
  reason: 200,
  note: 1000,
  customerNote: 500,
} as const;

/** How many notes one booking keeps at most. */
export const MAX_BOOKING_NOTES = 50;

export const FRONT_DESK_MESSAGES = {
  customerRequired: 'customer must be the id of the customer the booking is for',
  customerUnknown: 'This customer does not exist',
  customerNotACustomer: 'Bookings are made for customers: this account is staff or an administrator',
  payWithInvalid: `payWith must be one of ${PAY_WITH.join(', ')}`,
  payWithOnlyOnline: 'A customer pays their own booking online: payWith must be online',
  payWithNeedsCustomer: 'payWith other than online is for bookings the shop makes for a customer',
  walkInInvalid: 'walkIn must be true or false',
  slotOrWalkIn: 'Give a slot, or walkIn: true for a car that is here now',
  walkInNoBay: 'No bay is free for this job now',
  walkInClosed: 'The shop is closed now',
  noCardOnFile: 'This customer has no saved card: choose another way to pay',
  walkInOnlyShop: 'walkIn is for a car the shop books in now: choose a slot',
  linkNeedsEmail: 'This customer has no email to send the payment link to: add one, or choose another way to pay',
  customerNoteTooLong: tooLongMessage('note', FRONT_DESK_LIMITS.customerNote),
  booked: 'Booking made for the customer',
  linkSent: 'Booking made: the payment link was sent to the customer',

  paymentRecorded: 'Payment recorded',
  methodInvalid: `method must be one of ${COUNTER_METHODS.join(', ')}`,
  amountInvalid: 'amount must be a positive amount of money with at most two decimals',
  amountOverBalance: (balance: string) => `The balance due is ${balance}: take no more than that`,
  nothingDue: 'Nothing is due on this booking',
  notPayable: 'A cancelled booking takes no payment',
  awaitingOnlinePayment:
    'This booking is waiting for its online payment: take money at the counter once it is confirmed',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 200 letters, digits, dashes or underscores',
  idempotencyKeyReused: 'This Idempotency-Key was already used for another booking',
  refundOverPaid: 'A refund cannot be larger than what was paid',

  reasonInvalid: `reason must be one of ${MOVE_REASONS.join(', ')}`,
  reasonRequired: 'Give a reason for moving the booking',
  reasonTextTooLong: tooLongMessage('reasonText', FRONT_DESK_LIMITS.reason),
  cancelReasonTooLong: tooLongMessage('reason', FRONT_DESK_LIMITS.reason),
  movedByShop: 'Booking moved',

  noteRequired: 'Write the note',
  noteTooLong: tooLongMessage('Note', FRONT_DESK_LIMITS.note),
  noteAdded: 'Note added',
  notesRetrieved: 'Notes retrieved',
  tooManyNotes: `A booking keeps at most ${MAX_BOOKING_NOTES} notes`,

  customersRetrieved: 'Customers retrieved',
  customerCreated: 'Customer added',
  searchRequired: 'Type a name, phone, email or plate to search',
  searchTooLong: tooLongMessage('Search', TEXT_LIMITS.searchTerm),
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Phone must be a valid phone number, in international format (+1 555 123 4567) or your own country’s',
  phoneTaken: 'A customer with this phone number already exists',
  emailTaken: 'A customer with this email already exists',
  claimSent: 'We sent the customer a link to set a password for their account',
  claimed: 'Your account is ready: you are signed in',
  claimInvalid: 'This link is invalid or has expired. Ask the shop to send a new one',
  claimNoEmail: 'This customer has no email to send the link to: add one first',
  alreadyClaimed: 'This customer has already set a password and can sign in',
  claimEmailRequired: 'Give an email to sign in with',

  feeWaived: 'Fee waived',
  feeNotFound: 'This booking has no such fee',
  feeAlreadyWaived: 'This fee is already waived',
  waiveReasonRequired: 'Give a reason for waiving the fee',
  waiveReasonTooLong: tooLongMessage('reason', 200),
  cardCharged: 'Charged to the card on file',
  cardNeedsCustomer: "The card needs the customer's approval: we sent them a link to pay",
  cardDeclined: (reason: string) => `The card was declined: ${reason}`,
  chargeAmountInvalid: 'amount must be a positive amount of money with at most two decimals',
  noShowFeeCharged: 'Booking marked as a no-show: the no-show fee was charged to the card on file',
  noShowFeeDue: 'Booking marked as a no-show: the no-show fee is due',
  roleChangesRetrieved: 'Role changes retrieved',
  roleChangesUserInvalid: 'user must be a user id',
  roleChangeConfirm: (name: string, role: string) => `Make ${name} ${role === 'user' ? 'a customer' : role}?`,
} as const;
