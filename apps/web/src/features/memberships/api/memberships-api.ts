import type { CounterPackInput, JoinPlanInput } from '@carcare/contracts/memberships';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/**
 * The wash club as its member reads it: GET /memberships/mine, POST /memberships (join a plan or buy a pack),
 * POST /memberships/:id/cancel, and the plan being joined (GET /plans/:id).
 */
export const membershipsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getMyMemberships: builder.query({
      query: () => '/memberships/mine',
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'membershipListResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['membership'],
    }),
    getPlanToJoin: builder.query({
      query: (id: string) => `/plans/${encodeURIComponent(id)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/plans'),
        'planResponseSchema',
        ({ data }) => data,
      ),
    }),
    joinPlan: builder.mutation({
      query: (body: JoinPlanInput) => ({ url: '/memberships', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'joinPlanResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['membership'],
    }),
    lookupPlate: builder.query({
      query: (plate: string) => `/memberships/lookup?plate=${encodeURIComponent(plate)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'plateLookupResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['membership'],
    }),
    getMembershipHistory: builder.query({
      query: (id: string) => `/memberships/${encodeURIComponent(id)}/history`,
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'membershipHistoryResponseSchema',
        ({ data }) => data,
      ),
      providesTags: ['membership'],
    }),
    sellPack: builder.mutation({
      query: (body: CounterPackInput) => ({ url: '/memberships/counter', method: 'POST', body }),
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'memberResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['membership'],
    }),
    cancelMembership: builder.mutation({
      query: (id: string) => ({ url: `/memberships/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      ...parseOnDemand(
        () => import('@carcare/contracts/memberships'),
        'membershipResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['membership'],
    }),
  }),
});

export const {
  useGetMyMembershipsQuery,
  useGetPlanToJoinQuery,
  useJoinPlanMutation,
  useCancelMembershipMutation,
  useLazyLookupPlateQuery,
  useSellPackMutation,
  useGetMembershipHistoryQuery,
} = membershipsApi;
