import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetMyBookingsQuery } from '../api/get-my-bookings';
import { BookingCard } from '../components/booking-card';

const NO_FILTER = {};

export const MyBookingsPage = () => {
  const { data, isLoading, isError } = useGetMyBookingsQuery(NO_FILTER);
  return (
    <div className="space-y-6">
      <PageHeading title="My Bookings" />
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">Your bookings could not be loaded, please try again.</p> : null}
      {data?.length === 0 ? <p className="text-muted-foreground">You have no bookings yet.</p> : null}
      {data && data.length > 0 ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.map((booking) => (
            <BookingCard key={booking._id} booking={booking} />
          ))}
        </div>
      ) : null}
    </div>
  );
};
