import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /bookings/{id}/complete (administrators, once the slot has started): the car was done. */
const completeBookingApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    completeBooking: builder.mutation({
      query: (id: string) => ({ url: `/bookings/${encodeURIComponent(id)}/complete`, method: 'POST' }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        ({ data }) => data,
      ),
      // The rest of the booking's bay time is free again.
      invalidatesTags: ['booking', 'slots'],
    }),
  }),
});

export const { useCompleteBookingMutation } = completeBookingApi;
