import type { AdminBookingListQuery } from '@carcare/contracts/bookings';
import { useSearchParams } from 'react-router';
import { readBookingListView, writeBookingListParams } from '../booking-list-url';

/** Booking Management's filters, page and page size live in the URL, so a filtered view can be bookmarked and shared. */
export const useBookingListUrl = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readBookingListView(searchParams);

  /** Any change but the page's starts again from page 1; only page changes add a step to the history. */
  const update = (changes: Partial<AdminBookingListQuery>) =>
    setSearchParams(writeBookingListParams({ ...view.shown, page: 1, ...changes }), { replace: !('page' in changes) });

  /** Every filter off, back to page 1; the page size stays. */
  const clearFilters = () => setSearchParams(writeBookingListParams({ page: 1, limit: view.shown.limit }));

  return { ...view, update, clearFilters };
};
