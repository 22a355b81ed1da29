import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type WaiveFeeArgs = { id: string; feeId: string; body: { reason: string } };

/**
 * POST /bookings/{id}/fees/{feeId}/waive: staff waive a fee with a reason (what was charged goes back to the
 * card); the answer is the booking with the fee waived, and the server's message.
 */
const waiveFeeApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    waiveFee: builder.mutation({
      query: ({ id, feeId, body }: WaiveFeeArgs) => ({
        url: `/bookings/${encodeURIComponent(id)}/fees/${encodeURIComponent(feeId)}/waive`,
        method: 'POST',
        body,
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        ({ data, message }) => ({ booking: data, message }),
      ),
      invalidatesTags: ['booking'],
    }),
  }),
});

export const { useWaiveFeeMutation } = waiveFeeApi;
