import type { Booking } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';

/** GET /bookings/{id}: the caller's own booking, to show what the payment did to it. */
export const paidBookingApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getPaidBooking: builder.query<Booking, string>({
      query: (id) => `/bookings/${encodeURIComponent(id)}`,
      transformResponse: async (raw: unknown) => {
        const { bookingResponseSchema } = await import('@carcare/contracts/bookings');
        return bookingResponseSchema.parse(raw).data;
      },
      providesTags: ['booking'],
    }),
  }),
});

export const { useGetPaidBookingQuery } = paidBookingApi;
