import type { CreateSlotsInput } from '@carcare/contracts/slots';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /services/slots: splits a time range on one day into slots of the service's duration plus its buffer. */
const createSlotsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createSlots: builder.mutation({
      query: (body: CreateSlotsInput) => ({ url: '/services/slots', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/slots'), 'createSlotsResponseSchema'),
      invalidatesTags: ['slots'],
    }),
  }),
});

export const { useCreateSlotsMutation } = createSlotsApi;
