import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * POST /bookings/{id}/no-show (administrators, once the slot has started): the car never came. The answer is the
 * booking and the server's message.
 */
const markNoShowApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    markNoShow: builder.mutation({
      query: (id: string) => ({ url: `/bookings/${encodeURIComponent(id)}/no-show`, method: 'POST' }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        // The server's message says what became of the no-show fee (charged to the card, or due).
        ({ data, message }) => ({ booking: data, message }),
      ),
      // The rest of the booking's bay time is free again.
      invalidatesTags: ['booking', 'slots'],
    }),
  }),
});

export const { useMarkNoShowMutation } = markNoShowApi;
