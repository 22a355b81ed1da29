import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * POST /bookings/{id}/charge-card with an empty body: the whole balance charged to the card on file. The answer
 * is the booking and the server's message: charged (200), or the customer was sent a link to approve it (202).
 */
const chargeCardApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    chargeCard: builder.mutation({
      query: (id: string) => ({ url: `/bookings/${encodeURIComponent(id)}/charge-card`, method: 'POST', body: {} }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        ({ data, message }) => ({ booking: data, message }),
      ),
      invalidatesTags: ['booking'],
    }),
  }),
});

export const { useChargeCardMutation } = chargeCardApi;
