import type { RescheduleBookingInput } from '@carcare/contracts/bookings';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type RescheduleBookingArgs = { id: string; body: RescheduleBookingInput };

/** POST /bookings/{id}/reschedule: the customer's booking moves to another slot of its service, payment and all. */
const rescheduleBookingApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    rescheduleBooking: builder.mutation({
      query: ({ id, body }: RescheduleBookingArgs) => ({
        url: `/bookings/${encodeURIComponent(id)}/reschedule`,
        method: 'POST',
        body,
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/bookings'),
        'bookingResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['booking', 'slots'],
    }),
  }),
});

export const { useRescheduleBookingMutation } = rescheduleBookingApi;
