import type { CreateBayInput } from '@carcare/contracts/bays';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /bays: a new active bay, last in the shop's order. */
const createBayApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createBay: builder.mutation({
      query: (body: CreateBayInput) => ({ url: '/bays', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/bays'), 'bayResponseSchema'),
      // One more bay is one more place for the slots of the services it serves.
      invalidatesTags: ['bay', 'slots'],
    }),
  }),
});

export const { useCreateBayMutation } = createBayApi;
