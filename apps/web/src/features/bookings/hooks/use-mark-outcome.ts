import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { useCompleteBookingMutation } from '../api/complete-booking';
import { useMarkNoShowMutation } from '../api/mark-no-show';
import { useMarkReadyMutation } from '../api/mark-ready';
import { runWithToasts } from './run-with-toasts';

/**
 * Marks how a started booking went, with toasts: ready to collect (the server's message, which says how the
 * customer is told), completed, no-show (the server's message, which says what became of the no-show fee), or
 * the server's refusal.
 */
export const useMarkOutcome = () => {
  const [completeBooking, completing] = useCompleteBookingMutation();
  const [markNoShow, markingNoShow] = useMarkNoShowMutation();
  const [markReady, markingReady] = useMarkReadyMutation();
  return {
    markReady: (id: string) =>
      runWithToasts(
        () => markReady(id).unwrap(),
        ({ message }) => ({ title: message }),
      ),
    complete: (id: string) =>
      runWithToasts(
        () => completeBooking(id).unwrap(),
        () => ({ title: BOOKING_MESSAGES.completed }),
      ),
    markNoShow: (id: string) =>
      runWithToasts(
        () => markNoShow(id).unwrap(),
        ({ message }) => ({ title: message }),
      ),
    isMarking: completing.isLoading || markingNoShow.isLoading || markingReady.isLoading,
  };
};
