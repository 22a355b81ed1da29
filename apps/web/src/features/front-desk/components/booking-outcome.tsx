import type { Booking } from '@carcare/contracts/bookings';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TakePaymentDialog } from '@/features/bookings/components/take-payment-dialog';
import { formatPrice } from '@/lib/format-price';
import { paths } from '@/lib/paths';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { NEW_BOOKING_WORDS } from '../front-desk-words';
import { customerFullName } from './customer-finder';

/** Booking Management searched for the customer, so the new booking is at hand. */
const bookingManagementHref = (booking: Booking) => {
  const search = booking.customer.phone || booking.customer.email || booking.customer.lastName;
  return `${paths.adminDashboard.manageBookings}?${new URLSearchParams({ search })}`;
};

type BookingOutcomeProps = {
  booking: Booking;
  paymentUrl: string;
  onPaid: (booking: Booking) => void;
  onBookAnother: () => void;
};

/**
 * What was made: the booking and its money, then what comes next by how it is paid: the checkout for the customer
 * paying online now, Take payment for the counter; and always the booking in Booking Management.
 */
export const BookingOutcome = ({ booking, paymentUrl, onPaid, onBookAnother }: BookingOutcomeProps) => {
  const currency = useCurrency();
  const { when } = useDisplayFormat();
  return (
    <section role="status" aria-label="Booking made" className="space-y-3 rounded-lg border bg-card p-4 sm:p-6">
      <p className="font-semibold text-lg">
        {booking.payWith === 'link' ? FRONT_DESK_MESSAGES.linkSent : FRONT_DESK_MESSAGES.booked}
      </p>
      <p className="break-words">
        {customerFullName(booking.customer)}: {booking.service.name}, {when(booking.slot)}, {booking.bay.name}
      </p>
      <p data-part="money">
        Total {formatPrice(booking.total, currency)} · Balance due {formatPrice(booking.balanceDue, currency)}
      </p>
      <div className="flex flex-wrap gap-2">
        {booking.payWith === 'online' && paymentUrl ? (
          <Button asChild>
            {/* Opened by the press itself: a window opened after the booking's wait would be blocked. */}
            <a href={paymentUrl} target="_blank" rel="noopener">
              {NEW_BOOKING_WORDS.openPayment}
            </a>
          </Button>
        ) : null}
        {booking.payWith === 'counter' && booking.balanceDue > 0 ? (
          <TakePaymentDialog booking={booking} onPaid={onPaid} />
        ) : null}
        <Button asChild variant="outline">
          <Link to={bookingManagementHref(booking)}>{NEW_BOOKING_WORDS.viewBooking}</Link>
        </Button>
        <Button type="button" variant="ghost" onClick={onBookAnother}>
          {NEW_BOOKING_WORDS.bookAnother}
        </Button>
      </div>
    </section>
  );
};
