import type { CompMembershipInput } from '@carcare/contracts/memberships';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /memberships/comp: the shop gives a customer's cars a plan for some months, billed to no one. */
const compMembershipApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    compMembership: builder.mutation({
      query: (body: CompMembershipInput) => ({ url: '/memberships/comp', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'memberResponseSchema',
        ({ data }) => data,
      ),
      // A refused gift changed nothing: the list is asked for again only once one is given.
      invalidatesTags: (given) => (given ? ['membership'] : []),
    }),
  }),
});

export const { useCompMembershipMutation } = compMembershipApi;
