import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * POST /bookings/{id}/ready (staff, once a confirmed booking's slot has started): the car is ready to collect,
 * and the customer is told. The answer is the booking, now with `readyAt`, and the server's message.
 */
const markReadyApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    markReady: builder.mutation({
      query: (id: string) => ({ url: `/bookings/${encodeURIComponent(id)}/ready`, method: 'POST' }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        ({ data, message }) => ({ booking: data, message }),
      ),
      invalidatesTags: ['booking'],
    }),
  }),
});

export const { useMarkReadyMutation } = markReadyApi;
