import type { CancelBookingInput } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type CancelBookingArgs = { id: string; body?: CancelBookingInput };

/**
 * POST /bookings/{id}/cancel: a customer's own booking up to the cut-off (no body: always refunded), or any
 * booking for an administrator (`{ refund }`). The answer says what was refunded; the slot is free again.
 */
const cancelBookingApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    cancelBooking: builder.mutation({
      query: ({ id, body }: CancelBookingArgs) => ({
        url: `/bookings/${encodeURIComponent(id)}/cancel`,
        method: 'POST',
        body,
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'cancelBookingResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['booking', 'slots'],
    }),
  }),
});

export const { useCancelBookingMutation } = cancelBookingApi;
