import type { BookingNote } from '@carcare/contracts/front-desk';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

const notesTag = (id: string) => ({ type: 'booking' as const, id: `notes:${id}` });

/** GET and POST /bookings/{id}/notes: the shop's own notes on a booking, oldest first. */
const bookingNotesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBookingNotes: builder.query<BookingNote[], string>({
      query: (id) => `/bookings/${encodeURIComponent(id)}/notes`,
      ...parseOnDemand(
        () => import('@carcare/contracts/front-desk'),
        'bookingNotesResponseSchema',
        ({ data }) => data,
      ),
      providesTags: (_result, _error, id) => [notesTag(id)],
    }),
    addBookingNote: builder.mutation({
      query: ({ id, body }: { id: string; body: { body: string } }) => ({
        url: `/bookings/${encodeURIComponent(id)}/notes`,
        method: 'POST',
        body,
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/front-desk'),
        'bookingNoteResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: (_result, _error, { id }) => [notesTag(id)],
    }),
  }),
});

export const { useGetBookingNotesQuery, useAddBookingNoteMutation } = bookingNotesApi;
