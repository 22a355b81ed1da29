import { paymentWord, statusWord } from '@carcare/contracts/booking-words';
import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link, useSearchParams } from 'react-router';
import { bookedVehicleText, isPricedByCar } from '@/components/booking/booking-job';
import { PricedLines } from '@/components/booking/priced-lines';
import { PublicPage } from '@/components/layout/public-page';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/use-session';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useCurrency } from '@/lib/use-currency';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useGetPaidBookingQuery } from '../api/get-booking';

type PaymentOutcomeProps = { title: string; description: string };

/** The page the payment provider sends the customer back to: what happened to the booking. */
export const PaymentOutcome = ({ title, description }: PaymentOutcomeProps) => {
  const [searchParams] = useSearchParams();
  const bookingId = searchParams.get('booking');
  const { token, isLoading: sessionLoading } = useSession();
  const ready = Boolean(bookingId && token && !sessionLoading);
  const { day, slotTimes } = useDisplayFormat();
  const { data: booking, isLoading, isError } = useGetPaidBookingQuery(ready && bookingId ? bookingId : skipToken);

  const currency = useCurrency();
  const vehicle = booking ? bookedVehicleText(booking) : null;
  const rows = booking
    ? ([
        ['Service', booking.service.name],
        ...(vehicle ? [[JOB_WORDS.vehicle, vehicle] as const] : []),
        ...(booking.vehicleClass ? [[JOB_WORDS.vehicleClass, booking.vehicleClass.name] as const] : []),
        ['Date', day(booking.slot.date)],
        ['Time', slotTimes(booking.slot)],
        ['Status', statusWord(booking.status)],
        ['Payment', paymentWord(booking)],
      ] as const)
    : [];

  return (
    <PublicPage title={title} description={description}>
      <div className="max-w-xl space-y-6 rounded-lg border bg-card p-6">
        {isLoading || sessionLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
        {isError ? <p className="text-destructive">The booking could not be loaded.</p> : null}
        {!token && !sessionLoading ? (
          <p className="text-muted-foreground">Log in to see the details of this booking.</p>
        ) : null}
        {booking ? (
          <dl aria-label="Booking" className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {booking && isPricedByCar(booking) ? (
          <PricedLines lines={booking.lines} total={booking.total} duration={booking.duration} currency={currency} />
        ) : null}
        <Button asChild>
          <Link to={paths.userDashboard.myBookings}>My Bookings</Link>
        </Button>
      </div>
    </PublicPage>
  );
};
