import { paymentText } from '@carcare/contracts/booking-words';
import type { CancelBookingInput } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useCancelBookingMutation } from '../api/cancel-booking';
import { runWithToasts } from './run-with-toasts';

/**
 * Cancels with toasts: 'Booking cancelled' and what was refunded ('Refunded $45'), or the server's refusal.
 */
export const useCancelBooking = () => {
  const [cancelBooking, { isLoading }] = useCancelBookingMutation();
  const currency = useCurrency();
  const cancel = (id: string, body?: CancelBookingInput) =>
    runWithToasts(
      () => cancelBooking({ id, body }).unwrap(),
      ({ refund }) => ({
        title: BOOKING_MESSAGES.cancelled,
        description:
          refund.status === 'none'
            ? undefined
            : paymentText({ payment: 'paid', refund: { status: refund.status, amount: refund.amount } }, (amount) =>
                formatPrice(amount, currency),
              ),
      }),
    );
  return { cancel, isCancelling: isLoading };
};
