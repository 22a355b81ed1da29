import type { Role } from '@carcare/contracts/users';
import { baseApi } from '@/lib/api/base-api';
import { invalidResponse } from './invalid-response';

export type RoleChange = { id: string; role: Role };

/** PUT /auth/update-role/{id} (admin, never the caller's own role); answers 'Successfully updated user role to {role}'. */
export const updateUserRoleApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateUserRole: builder.mutation<string, RoleChange>({
      queryFn: async ({ id, role }, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery({ url: `/auth/update-role/${id}`, method: 'PUT', body: { role } });
        if (result.error) return { error: result.error };
        const { updateRoleResponseSchema } = await import('@carcare/contracts/auth');
        const parsed = updateRoleResponseSchema.safeParse(result.data);
        return parsed.success ? { data: parsed.data.message } : { error: invalidResponse(result.data) };
      },
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useUpdateUserRoleMutation } = updateUserRoleApi;
