import type {
  BookingFeeKind,
  BookingFeeStatus,
  MoveReason,
  PaymentKind,
  PaymentMethod,
  PayWith,
} from '@carcare/contracts/front-desk-constants';

/** What the shop reads for a payment line's kind and method, and for the ways a booking is paid. */
export const PAYMENT_KIND_WORDS = {
  deposit: 'Deposit',
  full: 'Full payment',
  balance: 'Balance',
  fee: 'Fee',
  refund: 'Refund',
} as const satisfies Record<PaymentKind, string>;

export const PAYMENT_METHOD_WORDS = {
  online: 'Online',
  card_on_file: 'Card on file',
  cash: 'Cash',
  card: 'Card',
} as const satisfies Record<PaymentMethod, string>;

/** The ways the New booking page offers to pay, as choices (how a booking *is* paid reads PAY_WITH_WORDS). */
export const PAY_WITH_CHOICES = {
  counter: 'At the counter',
  link: 'Send a payment link',
  online: 'Pay online now',
  card: 'Card on file',
} as const satisfies Record<PayWith, string>;

/** What the shop reads for a booking's fee, and for where it stands. */
export const FEE_KIND_WORDS = {
  no_show: 'No-show fee',
  late_cancel: 'Late cancellation fee',
} as const satisfies Record<BookingFeeKind, string>;

export const FEE_STATUS_WORDS = {
  due: 'Due',
  charged: 'Charged to the card',
  awaiting_customer: "Waiting for the customer's approval",
  declined: 'Declined by the card',
  waived: 'Waived',
} as const satisfies Record<BookingFeeStatus, string>;

/** Why the shop moves a booking, as its reschedule dialog offers it. */
export const MOVE_REASON_WORDS = {
  customer: 'Customer asked',
  weather: 'Weather',
  shop: "Shop's request",
  other: 'Other',
} as const satisfies Record<MoveReason, string>;

/** The web's own words for the front desk's screens (the API never sends these). */
export const FRONT_DESK_WORDS = {
  detailsItem: 'Payments and notes',
  markReadyItem: 'Mark ready',
  rescheduleItem: 'Reschedule',
  amountPaid: 'Amount paid',
  balanceDue: 'Balance due',
  payments: 'Payments',
  noPayments: 'No payments yet.',
  takePayment: 'Take payment',
  takePaymentTitle: (customer: string) => `Take payment from ${customer}`,
  method: 'Method',
  amount: 'Amount',
  recordPayment: 'Record payment',
  fees: 'Fees',
  waive: 'Waive',
  /** The Waive button's accessible name and its dialog's title. */
  waiveTitle: (fee: string) => `Waive the ${fee.toLowerCase()}`,
  waiveReason: 'Reason',
  waiveRefundNotice: 'What was charged goes back to the card.',
  waiveFee: 'Waive fee',
  chargeCard: 'Charge card on file',
  chargeCardTitle: (customer: string) => `Charge ${customer}'s card on file`,
  chargeCardNotice: 'The whole balance goes on the card the customer saved.',
  chargeCardConfirm: (amount: string) => `Charge ${amount}`,
  customerNote: "Customer's note",
  notes: 'Notes',
  noNotes: 'No notes yet.',
  newNote: 'New note',
  addNote: 'Add note',
  notesFailed: 'The notes could not be loaded, please try again.',
  moveReason: 'Reason',
  moveReasonText: 'Reason in words',
  moveReasonTextOther: 'Say why',
  freeMoveNotice: "Weather and the shop's request cost the customer nothing: the email says so.",
  shopRescheduleNotice: 'Choose another slot of the same service, past the cut-off too. The payment moves with it.',
  cancelReason: 'Reason',
  cancelReasonOther: 'Other',
  cancelReasonText: 'Reason in words',
  cancelReasonRequired: 'Choose a reason, or write one',
} as const;
