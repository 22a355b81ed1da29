import { baseApi } from '@/lib/api/base-api';

export type CalendarFile = { contents: string; fileName: string };

const FALLBACK_FILE_NAME = 'booking.ics';

/** The file name the server gave in `Content-Disposition`, if it gave one. */
const attachmentName = (disposition: string | null | undefined) =>
  disposition?.match(/filename="?([^";]+)"?/i)?.[1]?.trim() || FALLBACK_FILE_NAME;

/**
 * GET /bookings/{id}/calendar.ics: the booking as an iCalendar event. It needs the session's bearer token, so it
 * goes through the API's base query (and its 401 refresh) rather than a plain link; an error is the JSON envelope.
 */
const bookingCalendarApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBookingCalendar: builder.query<CalendarFile, string>({
      query: (id) => ({
        url: `/bookings/${encodeURIComponent(id)}/calendar.ics`,
        responseHandler: (response) => (response.ok ? response.text() : response.json()),
      }),
      transformResponse: (contents: unknown, meta) => ({
        contents: typeof contents === 'string' ? contents : '',
        fileName: attachmentName(meta?.response?.headers.get('content-disposition')),
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetBookingCalendarQuery } = bookingCalendarApi;
