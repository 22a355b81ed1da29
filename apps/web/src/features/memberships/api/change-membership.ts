import type {
  ChangeMembershipVehiclesInput,
  PauseMembershipInput,
  SwitchMembershipPlanInput,
} from '@carcare/contracts/memberships';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

const membershipAnswer = parseOnDemand(
  () => import('@carcare/contracts/memberships'),
  'membershipResponseSchema',
  ({ data }) => data,
);
const url = (id: string, change: string) => `/memberships/${encodeURIComponent(id)}/${change}`;

/**
 * The member's own changes to a membership: POST /memberships/:id/pause and /resume, PUT /memberships/:id/vehicles
 * and POST /memberships/:id/switch; each answers the membership as it now stands.
 */
export const changeMembershipApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    pauseMembership: builder.mutation({
      query: ({ id, ...body }: PauseMembershipInput & { id: string }) => ({
        url: url(id, 'pause'),
        method: 'POST',
        body,
      }),
      ...membershipAnswer,
      invalidatesTags: ['membership'],
    }),
    resumeMembership: builder.mutation({
      query: (id: string) => ({ url: url(id, 'resume'), method: 'POST' }),
      ...membershipAnswer,
      invalidatesTags: ['membership'],
    }),
    changeMembershipVehicles: builder.mutation({
      query: ({ id, ...body }: ChangeMembershipVehiclesInput & { id: string }) => ({
        url: url(id, 'vehicles'),
        method: 'PUT',
        body,
      }),
      ...membershipAnswer,
      invalidatesTags: ['membership'],
    }),
    switchMembershipPlan: builder.mutation({
      query: ({ id, ...body }: SwitchMembershipPlanInput & { id: string }) => ({
        url: url(id, 'switch'),
        method: 'POST',
        body,
      }),
      ...membershipAnswer,
      invalidatesTags: ['membership'],
    }),
  }),
});

export const {
  usePauseMembershipMutation,
  useResumeMembershipMutation,
  useChangeMembershipVehiclesMutation,
  useSwitchMembershipPlanMutation,
} = changeMembershipApi;
