import type { Slot } from '@carcare/contracts/slots';
import { baseApi } from '@/lib/api/base-api';

export type SlotPage = { data: Slot[]; totalDoc: number };

/** GET /services/get/all: every slot, newest first, with its service's name (administrators). */
export const allSlotsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAllSlots: builder.query<SlotPage, { page: number; limit: number }>({
      query: (params) => ({ url: '/services/get/all', params }),
      transformResponse: async (raw: unknown) => {
        const { slotListResponseSchema } = await import('@carcare/contracts/slots');
        const { data, totalDoc } = slotListResponseSchema.parse(raw);
        return { data, totalDoc };
      },
      providesTags: ['slots'],
    }),
  }),
});

export const { useGetAllSlotsQuery } = allSlotsApi;
