import type { CreatePlanInput } from '@carcare/contracts/plans';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /plans: a new membership or pack, on offer at once. */
const createPlanApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createPlan: builder.mutation({
      query: (body: CreatePlanInput) => ({ url: '/plans', method: 'POST', body }),
      ...parseOnDemand(() => import('@carcare/contracts/plans'), 'planResponseSchema'),
      invalidatesTags: ['plan'],
    }),
  }),
});

export const { useCreatePlanMutation } = createPlanApi;
