import type { Booking } from '@carcare/contracts/bookings';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';

/** What is still to be paid on a booking, '$25 due', under its payment; nothing once it is paid up. */
export const BookingBalance = ({ booking }: { booking: Pick<Booking, 'balanceDue'> }) => {
  const currency = useCurrency();
  if (booking.balanceDue <= 0) return null;
  return (
    <div className="font-medium text-destructive text-xs" data-part="balance-due">
      {formatPrice(booking.balanceDue, currency)} due
    </div>
  );
};
