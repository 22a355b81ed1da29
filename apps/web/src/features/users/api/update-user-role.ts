import type { UpdateRoleInput } from '@carcare/contracts/auth';
import type { IdParam } from '@carcare/contracts/fields';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** PUT /auth/update-role/{id} (admin, never the caller's own role); answers 'Successfully updated user role to {role}'. */
const updateUserRoleApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateUserRole: builder.mutation({
      query: ({ id, role }: IdParam & UpdateRoleInput) => ({
        url: `/auth/update-role/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { role },
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/auth'),
        'updateRoleResponseSchema',
        ({ message }) => message,
      ),
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useUpdateUserRoleMutation } = updateUserRoleApi;
