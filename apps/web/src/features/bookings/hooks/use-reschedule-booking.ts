import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useRescheduleBookingMutation } from '../api/reschedule-booking';
import { formatSlotTime } from '../format';
import { runWithToasts } from './run-with-toasts';

/** Moves a booking with toasts: 'Booking moved to the new slot' and when, or the server's refusal. */
export const useRescheduleBooking = () => {
  const [rescheduleBooking, { isLoading }] = useRescheduleBookingMutation();
  const reschedule = (id: string, slot: string) =>
    runWithToasts(
      () => rescheduleBooking({ id, body: { slot } }).unwrap(),
      (moved) => ({
        title: BOOKING_MESSAGES.rescheduled,
        description: `${moved.slot.date} ${formatSlotTime(moved.slot)}`,
      }),
    );
  return { reschedule, isRescheduling: isLoading };
};
