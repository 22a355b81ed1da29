import type { Slot } from '@carcare/contracts/slots';
import { baseApi } from '@/lib/api/base-api';

export type AvailabilityArgs = { service: string; date: string };

/** GET /slots/availability: the service's slots on one day that have not started yet. */
export const slotAvailabilityApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSlotAvailability: builder.query<Slot[], AvailabilityArgs>({
      query: (params) => ({ url: '/slots/availability', params }),
      transformResponse: async (raw: unknown) => {
        const { slotsResponseSchema } = await import('@carcare/contracts/slots');
        return slotsResponseSchema.parse(raw).data;
      },
      providesTags: ['slots'],
    }),
  }),
});

export const { useGetSlotAvailabilityQuery } = slotAvailabilityApi;
