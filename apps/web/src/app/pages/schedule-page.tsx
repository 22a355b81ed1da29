import { BookingRowActions } from '@/features/bookings/components/booking-row-actions';
import { DayBoardPage } from '@/features/reports/pages/day-board-page';

/** The day board (reports feature), each booking with Booking Management's actions (bookings feature). */
export const SchedulePage = () => (
  <DayBoardPage renderBookingActions={(booking) => <BookingRowActions booking={booking} />} />
);
