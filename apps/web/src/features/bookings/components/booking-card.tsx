import { paymentText, READY_WORD, statusWord } from '@carcare/contracts/booking-words';
import type { Booking } from '@carcare/contracts/bookings';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { bookedVehicleText, isPricedByCar } from '@/components/booking/booking-job';
import { PricedLines } from '@/components/booking/priced-lines';
import { Badge } from '@/components/ui/badge';
import { formatPrice } from '@/lib/format-price';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { customerStatusVariant, paymentVariant } from '../badge-variants';
import { BookingActions } from './booking-actions';
import { BookingCountdown } from './booking-countdown';
import { BookingMessages } from './booking-messages';
import { PastBookingLinks } from './past-booking-links';

/** Only a booking still to happen counts down; a cancelled or finished one has nothing left to wait for. */
const COUNTS_DOWN = new Set<Booking['status']>(['pending', 'confirm']);

/**
 * One of the customer's bookings: service, slot, status, and what was paid or refunded ('Refunded $45');
 * while it is live, a countdown to the slot's end, and while it is confirmed and ahead, cancel, reschedule and
 * add to calendar; once completed, book the service again or review it. Under it, the texts and emails sent
 * about it, and "Ready to collect" once the shop marked the car ready.
 */
export const BookingCard = ({ booking }: { booking: Booking }) => {
  const currency = useCurrency();
  const { day, slotTimes } = useDisplayFormat();
  const payment = paymentText(booking, (amount) => formatPrice(amount, currency));
  const priced = isPricedByCar(booking);
  const vehicle = bookedVehicleText(booking);
  return (
    <article aria-label={booking.service.name} className="space-y-3 rounded-lg border bg-card p-5 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="font-semibold text-lg">{booking.service.name}</h3>
        <div className="flex flex-wrap gap-2">
          <Badge variant={paymentVariant(booking.payment)}>{payment}</Badge>
          <Badge variant={customerStatusVariant(booking.status)}>{statusWord(booking.status)}</Badge>
          {booking.readyAt ? <Badge variant="success">{READY_WORD}</Badge> : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Date</dt>
        <dd>{day(booking.slot.date)}</dd>
        <dt className="text-muted-foreground">Time</dt>
        <dd>{slotTimes(booking.slot)}</dd>
        {vehicle ? (
          <>
            <dt className="text-muted-foreground">{JOB_WORDS.vehicle}</dt>
            <dd className="min-w-0 break-words">{vehicle}</dd>
          </>
        ) : null}
        {booking.vehicleClass ? (
          <>
            <dt className="text-muted-foreground">{JOB_WORDS.vehicleClass}</dt>
            <dd className="min-w-0 break-words">{booking.vehicleClass.name}</dd>
          </>
        ) : null}
        {priced ? null : (
          <>
            <dt className="text-muted-foreground">Price</dt>
            <dd>{formatPrice(booking.service.price, currency)}</dd>
          </>
        )}
      </dl>
      {priced ? (
        <PricedLines lines={booking.lines} total={booking.total} currency={currency} className="text-sm" />
      ) : null}
      <BookingMessages messages={booking.messages} />
      {COUNTS_DOWN.has(booking.status) ? <BookingCountdown endsAt={booking.slot.endsAt} /> : null}
      {booking.status === 'confirm' ? <BookingActions booking={booking} /> : null}
      {booking.status === 'completed' ? <PastBookingLinks serviceId={booking.service._id} /> : null}
    </article>
  );
};
