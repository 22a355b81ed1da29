import type { CancelBookingInput } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useCurrency } from '@/lib/use-currency';
import { useCancelBookingMutation } from '../api/cancel-booking';
import { refundText } from '../refund-text';
import { runWithToasts } from './run-with-toasts';

/** Cancels with toasts: 'Booking cancelled' and what was refunded, or the server's refusal. */
export const useCancelBooking = () => {
  const [cancelBooking, { isLoading }] = useCancelBookingMutation();
  const currency = useCurrency();
  const cancel = (id: string, body?: CancelBookingInput) =>
    runWithToasts(
      () => cancelBooking({ id, body }).unwrap(),
      ({ refund }) => ({ title: BOOKING_MESSAGES.cancelled, description: refundText(refund, currency) }),
    );
  return { cancel, isCancelling: isLoading };
};
