import { baseApi } from '@/lib/api/base-api';
import { type DownloadedFile, readFileOrRefusal, toDownloadedFile } from './file-download';

/**
 * GET /bookings/{id}/calendar.ics: the booking as an iCalendar event. It needs the session's bearer token, so it
 * goes through the API's base query (and its 401 refresh) rather than a plain link; an error is the JSON envelope.
 */
const bookingCalendarApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBookingCalendar: builder.query<DownloadedFile, string>({
      query: (id) => ({
        url: `/bookings/${encodeURIComponent(id)}/calendar.ics`,
        responseHandler: readFileOrRefusal,
      }),
      transformResponse: toDownloadedFile('booking.ics'),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetBookingCalendarQuery } = bookingCalendarApi;
