import type { BookingFilters } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { type DownloadedFile, readFileOrRefusal, toDownloadedFile } from './file-download';
import { presentParams } from './present-params';

/**
 * GET /bookings/export.csv: every booking matching the filters, as a spreadsheet (administrators). Like the
 * calendar file it needs the session's bearer token, so it goes through the API's base query.
 */
const bookingExportApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    exportBookings: builder.query<DownloadedFile, BookingFilters>({
      query: (filters) => ({
        url: '/bookings/export.csv',
        params: presentParams(filters),
        responseHandler: readFileOrRefusal,
      }),
      transformResponse: toDownloadedFile('bookings.csv'),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyExportBookingsQuery } = bookingExportApi;
