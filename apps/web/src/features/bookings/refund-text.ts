import type { RefundOutcome } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { formatPrice } from '@/lib/format-price';

/** 'Refunded $45' or 'Refund of $45 on its way'; nothing when no money went back. */
export const refundText = (refund: RefundOutcome | null, currency: string): string | undefined => {
  if (!refund || refund.status === 'none') return undefined;
  const amount = formatPrice(refund.amount, currency);
  return refund.status === 'refunded' ? BOOKING_MESSAGES.refunded(amount) : BOOKING_MESSAGES.refundOnItsWay(amount);
};
