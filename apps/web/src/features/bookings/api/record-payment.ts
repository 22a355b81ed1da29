import type { CounterPaymentInput } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type RecordPaymentArgs = { id: string; body: CounterPaymentInput };

/** POST /bookings/{id}/payments: money taken at the counter (cash or card); the answer is the booking with it. */
const recordPaymentApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    recordPayment: builder.mutation({
      query: ({ id, body }: RecordPaymentArgs) => ({
        url: `/bookings/${encodeURIComponent(id)}/payments`,
        method: 'POST',
        body,
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['booking'],
    }),
  }),
});

export const { useRecordPaymentMutation } = recordPaymentApi;
