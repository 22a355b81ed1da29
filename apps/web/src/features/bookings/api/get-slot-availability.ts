import type { AvailabilityQuery } from '@carcare/contracts/slots';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /slots/availability: the service's slots on one day that have not started yet. */
const slotAvailabilityApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSlotAvailability: builder.query({
      query: (params: AvailabilityQuery) => ({ url: '/slots/availability', params }),
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
