import type { BookingStatus } from '@carcare/contracts/bookings-constants';

type OutcomeStatus = Extract<BookingStatus, 'completed' | 'no_show'>;

/**
 * How a booking ended once its slot began, alike on both screens: SPEC.md predates these statuses, and its
 * "otherwise" styles would show a finished car wash like a cancellation.
 */
const OUTCOME_VARIANTS = { completed: 'success', no_show: 'muted' } as const satisfies Record<OutcomeStatus, string>;

const isOutcome = (status: BookingStatus): status is OutcomeStatus => status in OUTCOME_VARIANTS;

/** SPEC section 3: customer cards show cancel as destructive and anything else as secondary. */
export const customerStatusVariant = (status: BookingStatus) => {
  if (isOutcome(status)) return OUTCOME_VARIANTS[status];
  return status === 'cancel' ? 'destructive' : 'secondary';
};

/** SPEC section 3: the admin list shows confirm in the default style and anything else as destructive. */
export const adminStatusVariant = (status: BookingStatus) => {
  if (isOutcome(status)) return OUTCOME_VARIANTS[status];
  return status === 'confirm' ? 'default' : 'destructive';
};

export const paymentVariant = (payment: string) => (payment === 'paid' ? 'default' : 'outline');
