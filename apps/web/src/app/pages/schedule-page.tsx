import { BookingRowActions } from '@/features/bookings/components/booking-row-actions';
import { DayBoardPage } from '@/features/reports/pages/day-board-page';
import { DayWaitlist } from '@/features/waitlist/components/day-waitlist';

/**
 * The day board (reports feature), each booking with Booking Management's actions (bookings feature), and the
 * day's waitlist below it (waitlist feature).
 */
export const SchedulePage = () => (
  <DayBoardPage
    renderBookingActions={(booking) => <BookingRowActions booking={booking} />}
    renderDayExtras={(date) => <DayWaitlist date={date} />}
  />
);
