import type { Booking } from '@carcare/contracts/bookings';
import type { BookingStatus, PaymentState } from '@carcare/contracts/bookings-constants';
import { baseApi } from '@/lib/api/base-api';

export type MyBookingsFilter = { payment?: PaymentState; status?: BookingStatus };

/** GET /my-bookings: the signed-in customer's own bookings, optionally filtered. */
export const myBookingsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getMyBookings: builder.query<Booking[], MyBookingsFilter>({
      query: (params) => ({ url: '/my-bookings', params }),
      // Loaded on demand: the header asks for this on every public page.
      transformResponse: async (raw: unknown) => {
        const { myBookingsResponseSchema } = await import('@carcare/contracts/bookings');
        return myBookingsResponseSchema.parse(raw).data;
      },
      providesTags: ['booking'],
    }),
  }),
});

export const { useGetMyBookingsQuery } = myBookingsApi;
