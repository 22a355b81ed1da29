import type { CreateBookingInput } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /bookings: reserves the slot and opens the payment; the answer says where to pay. */
const createBookingApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createBooking: builder.mutation({
      query: (body: CreateBookingInput) => ({ url: '/bookings', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'createBookingResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['booking', 'slots'],
    }),
  }),
});

export const { useCreateBookingMutation } = createBookingApi;
