import type { BookingFilters } from '@carcare/contracts/bookings';
import { saveFile } from '@/lib/save-file';
import { toastError } from '@/lib/toast-message';
import { useLazyExportBookingsQuery } from '../api/export-bookings';
import { bookingFailureMessage } from '../booking-failure-message';

const CSV_TYPE = 'text/csv';

/** Downloads the bookings matching the filters as CSV with the session's token and saves the file the server named. */
export const useExportBookings = () => {
  const [exportBookings, { isFetching }] = useLazyExportBookingsQuery();
  const downloadCsv = async (filters: BookingFilters) => {
    try {
      const { contents, fileName } = await exportBookings(filters).unwrap();
      saveFile(contents, fileName, CSV_TYPE);
    } catch (error) {
      toastError({ title: bookingFailureMessage(error) });
    }
  };
  return { downloadCsv, isDownloading: isFetching };
};
