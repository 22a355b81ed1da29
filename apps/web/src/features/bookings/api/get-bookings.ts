import type { Booking } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';

export type BookingPage = { data: Booking[]; totalDoc: number };

/** GET /bookings: every booking, newest first (administrators). */
export const bookingsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getBookings: builder.query<BookingPage, { page: number; limit: number }>({
      query: (params) => ({ url: '/bookings', params }),
      transformResponse: async (raw: unknown) => {
        const { bookingListResponseSchema } = await import('@carcare/contracts/bookings');
        const { data, totalDoc } = bookingListResponseSchema.parse(raw);
        return { data, totalDoc };
      },
      providesTags: ['booking'],
    }),
  }),
});

export const { useGetBookingsQuery } = bookingsApi;
