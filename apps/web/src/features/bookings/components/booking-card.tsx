import type { Booking } from '@carcare/contracts/bookings';
import { BOOKING_MESSAGES } from '@carcare/contracts/bookings-constants';
import { Badge } from '@/components/ui/badge';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { customerStatusVariant, paymentVariant } from '../badge-variants';
import { formatSlotTime } from '../format';
import { refundText } from '../refund-text';
import { BookingActions } from './booking-actions';
import { BookingCountdown } from './booking-countdown';

/**
 * One of the customer's bookings: service, slot, status and a countdown to the slot's end; what was refunded
 * once cancelled; and, while it is confirmed and ahead, cancel, reschedule and add to calendar.
 */
export const BookingCard = ({ booking }: { booking: Booking }) => {
  const currency = useCurrency();
  const refund = refundText(booking.refund, currency);
  return (
    <article aria-label={booking.service.name} className="space-y-3 rounded-lg border bg-card p-5 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <h2 className="font-semibold text-lg">{booking.service.name}</h2>
        <div className="flex gap-2">
          <Badge variant={paymentVariant(booking.payment)}>{booking.payment}</Badge>
          <Badge variant={customerStatusVariant(booking.status)}>{BOOKING_MESSAGES.statusLabel[booking.status]}</Badge>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Date</dt>
        <dd>{booking.slot.date}</dd>
        <dt className="text-muted-foreground">Time</dt>
        <dd>{formatSlotTime(booking.slot)}</dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd>{formatPrice(booking.service.price, currency)}</dd>
        {refund ? (
          <>
            <dt className="text-muted-foreground">Refund</dt>
            <dd>{refund}</dd>
          </>
        ) : null}
      </dl>
      <BookingCountdown endsAt={booking.slot.endsAt} />
      {booking.status === 'confirm' ? <BookingActions booking={booking} /> : null}
    </article>
  );
};
