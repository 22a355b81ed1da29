import type { Plan } from '@carcare/contracts/plans';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /plans/all: every plan, the retired ones after those on offer (administrators). */
const allPlansApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getAllPlans: builder.query<Plan[], void>({
      query: () => '/plans/all',
      ...parseOnDemand(
        () => import('@carcare/contracts/plans'),
        'planListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['plan', 'service', 'addOn'],
    }),
  }),
});

export const { useGetAllPlansQuery } = allPlansApi;
