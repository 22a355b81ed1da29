import type { Booking } from '@carcare/contracts/bookings';
import { useId } from 'react';
import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetMyBookingsQuery } from '../api/get-my-bookings';
import { splitBookings } from '../booking-timeline';
import { BookingCard } from '../components/booking-card';
import { useNow } from '../hooks/use-now';

const NO_FILTER = {};

type BookingSectionProps = { title: string; bookings: readonly Booking[]; empty: string };

const BookingSection = ({ title, bookings, empty }: BookingSectionProps) => {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="font-semibold text-xl">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {bookings.map((booking) => (
            <BookingCard key={booking._id} booking={booking} />
          ))}
        </div>
      )}
    </section>
  );
};

export const MyBookingsPage = () => {
  const { data, isLoading, isError } = useGetMyBookingsQuery(NO_FILTER);
  const now = useNow();
  const { upcoming, past } = splitBookings(data ?? [], now);
  return (
    <div className="space-y-8">
      <PageHeading title="My Bookings" />
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">Your bookings could not be loaded, please try again.</p> : null}
      {data?.length === 0 ? <p className="text-muted-foreground">You have no bookings yet.</p> : null}
      {data && data.length > 0 ? (
        <>
          <BookingSection title="Upcoming" bookings={upcoming} empty="Nothing booked ahead." />
          <BookingSection title="Past" bookings={past} empty="No past bookings yet." />
        </>
      ) : null}
    </div>
  );
};
