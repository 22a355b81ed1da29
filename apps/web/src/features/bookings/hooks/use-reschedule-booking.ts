import type { RescheduleBookingInput } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useRescheduleBookingMutation } from '../api/reschedule-booking';
import { runWithToasts } from './run-with-toasts';

/**
 * Moves a booking with toasts: 'Booking moved to the new slot' and when, or the server's refusal. The shop's
 * move says why (`reason`, `reasonText`).
 */
export const useRescheduleBooking = () => {
  const [rescheduleBooking, { isLoading }] = useRescheduleBookingMutation();
  const { when } = useDisplayFormat();
  const reschedule = (id: string, slot: string, why: Omit<RescheduleBookingInput, 'slot'> = {}) =>
    runWithToasts(
      () => rescheduleBooking({ id, body: { slot, ...why } }).unwrap(),
      (moved) => ({
        title: BOOKING_MESSAGES.rescheduled,
        description: when(moved.slot),
      }),
    );
  return { reschedule, isRescheduling: isLoading };
};
