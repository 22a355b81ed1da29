import type { MyBookingsQuery } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /my-bookings: the signed-in customer's own bookings, optionally filtered. */
const myBookingsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getMyBookings: builder.query({
      query: (params: MyBookingsQuery) => ({ url: '/my-bookings', params }),
      // Checked on demand: the header asks for this on every public page.
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'myBookingsResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['booking'],
    }),
  }),
});

export const { useGetMyBookingsQuery } = myBookingsApi;
