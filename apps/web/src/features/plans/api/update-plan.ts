import type { IdParam } from '@carcare/contracts/fields';
import type { UpdatePlanInput } from '@carcare/contracts/plans';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

type PlanUpdate = IdParam & { changes: UpdatePlanInput };

/** PUT /plans/{id}: its name, description, caps and what it covers; the lists are replaced whole. */
const updatePlanApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updatePlan: builder.mutation({
      query: ({ id, changes }: PlanUpdate) => ({
        url: `/plans/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: changes,
      }),
      ...parseOnDemand(() => import('@carcare/contracts/plans'), 'planResponseSchema'),
      invalidatesTags: ['plan'],
    }),
  }),
});

export const { useUpdatePlanMutation } = updatePlanApi;
