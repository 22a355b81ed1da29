import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';
import type { JobQuery } from '../booking-job';

/** A service's day, and the job whose whole span each time offered must fit. */
export type AvailabilityParams = { service: string; date: string } & JobQuery;

/** GET /slots/availability: the service's slots on one day that have not started yet (where the job fits). */
const slotAvailabilityApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSlotAvailability: builder.query({
      query: (params: AvailabilityParams) => ({ url: '/slots/availability', params }),
      ...parseOnDemand(
        () => import('@carcare/contracts/slots'),
        'slotsResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['slots'],
    }),
  }),
});

export const { useGetSlotAvailabilityQuery } = slotAvailabilityApi;
