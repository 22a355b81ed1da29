import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { PageHeading } from '@/components/feedback/page-heading';
import { PageButtons } from '@/components/lists/page-buttons';
import { PageSizeSelect } from '@/components/lists/page-size-select';
import { CARDS_MEDIA_QUERY } from '@/lib/breakpoints';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useMediaQuery } from '@/lib/use-media-query';
import { useGetBookingsQuery } from '../api/get-bookings';
import { BookingCards } from '../components/booking-cards';
import { BookingFilterBar } from '../components/booking-filter-bar';
import { BookingsTable } from '../components/bookings-table';
import { useBookingListUrl } from '../hooks/use-booking-list-url';

export const ManageBookingsPage = () => {
  const { shown, query, filters, rangeError, update, clearFilters } = useBookingListUrl();
  const { data, isFetching, isError } = useGetBookingsQuery(query);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // A phone gets cards: the table would have to scroll sideways.
  const cards = useMediaQuery(CARDS_MEDIA_QUERY);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title="Booking Management" description="Every booking, newest first" />
        <PageSizeSelect value={query.limit} onChange={(limit) => update({ limit })} />
      </div>
      <BookingFilterBar
        shown={shown}
        applied={filters}
        rangeError={rangeError}
        onChange={update}
        onClear={clearFilters}
      />
      {isFetching && !data ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive">The bookings could not be loaded, please try again.</p> : null}
      {data && data.totalDoc === 0 ? (
        <p className="text-center text-muted-foreground">{filtered ? REPORT_MESSAGES.noMatches : 'No bookings yet.'}</p>
      ) : null}
      {data && data.totalDoc > 0 ? (
        <>
          {cards ? <BookingCards bookings={data.data} /> : <BookingsTable bookings={data.data} />}
          <PageButtons
            page={query.page}
            totalDoc={data.totalDoc}
            limit={query.limit}
            onChange={(page) => update({ page })}
          />
        </>
      ) : null}
    </div>
  );
};
