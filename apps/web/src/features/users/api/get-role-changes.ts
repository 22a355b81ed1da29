import type { RoleChangesQuery } from '@carcare/contracts/front-desk';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /auth/role-changes (admin): the latest role changes, newest first; a role change (tag 'user') reloads it. */
const roleChangesApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getRoleChanges: builder.query({
      query: ({ user }: RoleChangesQuery = {}) => ({ url: '/auth/role-changes', params: user ? { user } : {} }),
      ...parseOnDemand(
        () => import('@carcare/contracts/front-desk'),
        'roleChangesResponseSchema',
        (response) => response.data,
      ),
      providesTags: ['user'],
    }),
  }),
});

export const { useGetRoleChangesQuery } = roleChangesApi;
