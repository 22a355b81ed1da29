import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** POST /memberships/{id}/end: ended now, nothing more billed; its cars wash under it no more. */
const endMembershipApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    endMembership: builder.mutation({
      query: (id: string) => ({ url: `/memberships/${encodeURIComponent(id)}/end`, method: 'POST' }),
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'memberResponseSchema',
        ({ data }) => data,
      ),
      // Refused too: a membership already ended elsewhere is shown as it stands.
      invalidatesTags: ['membership'],
    }),
  }),
});

export const { useEndMembershipMutation } = endMembershipApi;
