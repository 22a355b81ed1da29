import { paymentWord, READY_WORD, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import { Badge } from '@/components/ui/badge';
import { useDisplayFormat } from '@/lib/use-display-format';
import { adminStatusVariant, paymentVariant } from '../badge-variants';
import { BookingBalance } from './booking-balance';
import { BookingRowActions } from './booking-row-actions';
import { BookingJobLines } from './bookings-table';

/**
 * Booking Management on a phone: each booking a card with what the table's row says (customer, service with the
 * car and add-ons, bay, slot, payment, status, actions), so that nothing is wider than the screen.
 */
export const BookingCards = ({ bookings }: { bookings: readonly Booking[] }) => {
  const { day, slotTimes } = useDisplayFormat();
  return (
    <ul aria-label="Bookings" className="space-y-3">
      {bookings.map((booking) => {
        const name = `${booking.customer.firstName} ${booking.customer.lastName}`.trim();
        return (
          <li key={booking._id} aria-label={name} className="space-y-2 rounded-xl border bg-card p-4 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <div className="break-words font-medium">{name}</div>
                <div className="break-all text-muted-foreground text-xs">{booking.customer.email}</div>
                <div className="text-muted-foreground text-xs">{booking.customer.phone ?? '-'}</div>
              </div>
              <BookingRowActions booking={booking} />
            </div>
            <div>
              <div>{booking.service.name}</div>
              <BookingJobLines booking={booking} />
              <div className="text-muted-foreground text-xs">{booking.bay.name}</div>
            </div>
            <div className="tabular-nums">
              {day(booking.slot.date)} · {slotTimes(booking.slot)}
            </div>
            <div className="flex flex-wrap gap-1">
              <Badge variant={paymentVariant(booking.payment)}>{paymentWord(booking)}</Badge>
              <Badge variant={adminStatusVariant(booking.status)}>{statusWord(booking.status)}</Badge>
              {booking.readyAt ? <Badge variant="success">{READY_WORD}</Badge> : null}
            </div>
            <BookingBalance booking={booking} />
          </li>
        );
      })}
    </ul>
  );
};
