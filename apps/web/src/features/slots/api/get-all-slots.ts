import type { AdminSlotListQuery } from '@carcare/contracts/slots';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * GET /services/get/all: the slots with their service's name (administrators); every slot newest first, or,
 * filtered by day, first day, service or origin, in time order.
 */
const allSlotsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAllSlots: builder.query({
      query: (params: AdminSlotListQuery) => ({ url: '/services/get/all', params }),
      ...parseOnDemand(() => import('@carcare/contracts/slots'), 'slotListResponseSchema'),
      providesTags: ['slots'],
    }),
  }),
});

export const { useGetAllSlotsQuery } = allSlotsApi;
