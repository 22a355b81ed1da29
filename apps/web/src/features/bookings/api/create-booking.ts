import type { Booking } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';

export type CreateBookingArgs = { service: string; slot: string; customer: string };

export type CreatedBooking = { payment_url: string; booking: Booking };

/** POST /bookings: reserves the slot and opens the payment; the answer says where to pay. */
export const createBookingApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createBooking: builder.mutation<CreatedBooking, CreateBookingArgs>({
      query: (body) => ({ url: '/bookings', method: 'POST', body }),
      transformResponse: async (raw: unknown) => {
        const { createBookingResponseSchema } = await import('@carcare/contracts/bookings');
        return createBookingResponseSchema.parse(raw).data;
      },
      invalidatesTags: ['booking', 'slots'],
    }),
  }),
});

export const { useCreateBookingMutation } = createBookingApi;
