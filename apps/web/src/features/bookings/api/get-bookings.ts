import type { AdminBookingListQuery } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /bookings: every booking, newest first (administrators). */
const bookingsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBookings: builder.query({
      query: (params: AdminBookingListQuery) => ({ url: '/bookings', params }),
      ...parseOnDemand(() => import('@carcare/contracts/bookings'), 'bookingListResponseSchema'),
      providesTags: ['booking'],
    }),
  }),
});

export const { useGetBookingsQuery } = bookingsApi;
