import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** DELETE /plans/{id}: retired, no one new joins it; its members keep it until they leave. */
const retirePlanApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    retirePlan: builder.mutation({
      query: (id: string) => ({ url: `/plans/${encodeURIComponent(id)}`, method: 'DELETE' }),
      ...parseOnDemand(() => import('@carcare/contracts/plans'), 'planResponseSchema'),
      invalidatesTags: ['plan'],
    }),
  }),
});

export const { useRetirePlanMutation } = retirePlanApi;
