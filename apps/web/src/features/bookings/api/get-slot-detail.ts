import type { SlotDetail } from '@carcare/contracts/slots';
import { baseApi } from '@/lib/api/base-api';

/** GET /slots/availability/{id}: one slot with its service's name, price and duration. */
export const slotDetailApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getSlotDetail: builder.query<SlotDetail, string>({
      query: (id) => `/slots/availability/${encodeURIComponent(id)}`,
      transformResponse: async (raw: unknown) => {
        const { slotDetailResponseSchema } = await import('@carcare/contracts/slots');
        return slotDetailResponseSchema.parse(raw).data;
      },
      providesTags: ['slots'],
    }),
  }),
});

export const { useGetSlotDetailQuery } = slotDetailApi;
