import type { Member } from '@carcare/contracts/memberships';
import type { MembershipStatus } from '@carcare/contracts/plans-constants';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /memberships?status=: every membership and pack with its member, newest first, or those of one status. */
const getMembersApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getMembers: builder.query<Member[], MembershipStatus | undefined>({
      query: (status) => ({ url: '/memberships', params: status ? { status } : undefined }),
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'memberListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['membership'],
    }),
  }),
});

export const { useGetMembersQuery } = getMembersApi;
