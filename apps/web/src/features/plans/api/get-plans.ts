import type { Plan } from '@carcare/contracts/plans';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /plans: the plans on offer, memberships first, each cheapest first, with what they cover (anyone). */
const plansApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getPlans: builder.query<Plan[], void>({
      query: () => '/plans',
      ...parseOnDemand(
        () => import('@carcare/contracts/plans'),
        'planListResponseSchema',
        ({ data }) => data,
      ),
      // A plan shows the names of the services and add-ons it covers.
      providesTags: ['plan', 'service', 'addOn'],
    }),
  }),
});

export const { useGetPlansQuery } = plansApi;
