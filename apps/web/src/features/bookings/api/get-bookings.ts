import type { AdminBookingListQuery } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';
import { presentParams } from './present-params';

/** GET /bookings: the bookings matching the filters, newest first, a page at a time (administrators). */
const bookingsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBookings: builder.query({
      query: (params: AdminBookingListQuery) => ({ url: '/bookings', params: presentParams(params) }),
      ...parseOnDemand(() => import('@carcare/contracts/bookings'), 'bookingListResponseSchema'),
      providesTags: ['booking'],
    }),
  }),
});

export const { useGetBookingsQuery } = bookingsApi;
