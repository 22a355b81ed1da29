import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /bookings/{id}: the caller's own booking, to show what the payment did to it. */
const paidBookingApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getPaidBooking: builder.query({
      query: (id: string) => `/bookings/${encodeURIComponent(id)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['booking'],
    }),
  }),
});

export const { useGetPaidBookingQuery } = paidBookingApi;
