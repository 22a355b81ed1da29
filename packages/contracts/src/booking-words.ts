/**
 * The words people read for a booking's status and payment, on every screen, in every email and in the
 * owner's CSV. The API keeps SPEC.md's values (`confirm`, `cancel`, `paid`…); only what is shown changes,
 * and it changes here alone (decision 029). Constants only: importing them never loads a schema library.
 */
import type { BookingStatus, PAYMENT_STATES, REFUND_STATES } from './bookings-constants';
import type { PayWith } from './front-desk-constants';
import type { MessageChannel, MessageKind, MessageStatus } from './texts-constants';

export const STATUS_WORDS = {
  pending: 'Awaiting payment',
  confirm: 'Confirmed',
  cancel: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
} as const satisfies Record<BookingStatus, string>;

export const PAYMENT_WORDS = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  failed: 'Payment failed',
} as const satisfies Record<(typeof PAYMENT_STATES)[number], string>;

/** Once money went back, it is what the payment reads, not 'Paid'. */
export const REFUND_WORDS = {
  refunded: 'Refunded',
  pending: 'Refund on its way',
} as const satisfies Record<(typeof REFUND_STATES)[number], string>;

type PaymentOf = {
  payment: keyof typeof PAYMENT_WORDS;
  refund: { status: keyof typeof REFUND_WORDS; amount: number } | null;
};

/** 'Confirmed', 'Awaiting payment', 'Cancelled', 'Completed', 'No-show'. */
export const statusWord = (status: BookingStatus): string => STATUS_WORDS[status];

/** The payment in one word: 'Paid', 'Unpaid', 'Payment failed', 'Refunded' or 'Refund on its way'. */
export const paymentWord = (booking: PaymentOf): string =>
  booking.refund ? REFUND_WORDS[booking.refund.status] : PAYMENT_WORDS[booking.payment];

/**
 * The payment with its amount where money went back, written in the shop's currency by `money`:
 * 'Refunded $45', 'Refund of $45 on its way'; otherwise the word alone ('Paid').
 */
export function paymentText(booking: PaymentOf, money: (amount: number) => string): string {
  if (!booking.refund) return PAYMENT_WORDS[booking.payment];
  const amount = money(booking.refund.amount);
  return booking.refund.status === 'refunded' ? `Refunded ${amount}` : `Refund of ${amount} on its way`;
}

/** How a booking is paid, in words: the customer's checkout, a link sent to them, the counter, the saved card. */
export const PAY_WITH_WORDS = {
  online: 'Online',
  link: 'Payment link',
  counter: 'At the counter',
  card: 'Card on file',
} as const satisfies Record<PayWith, string>;

/** Who made the booking, in a word: the shop (staff or the administrator) or the customer. */
export const bookedByWord = (booking: { bookedByShop: boolean }): string =>
  booking.bookedByShop ? 'Shop' : 'Customer';

/** What each message the shop sends about a booking is, as the customer's booking lists them. */
export const MESSAGE_KIND_WORDS = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  moved: 'Booking moved',
  cancelled: 'Cancellation',
  ready: 'Ready to collect',
  waitlist_offer: 'Waitlist offer',
  review_request: 'Review request',
} as const satisfies Record<MessageKind, string>;

export const MESSAGE_CHANNEL_WORDS = {
  text: 'text',
  email: 'email',
} as const satisfies Record<MessageChannel, string>;

export const MESSAGE_STATUS_WORDS = {
  queued: 'waiting to send',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  skipped: 'not sent',
} as const satisfies Record<MessageStatus, string>;

/** A booking whose car the shop marked ready for collection. */
export const READY_WORD = 'Ready to collect';
