import type { User } from '@carcare/contracts/users';
import { baseApi } from '@/lib/api/base-api';
import { invalidResponse } from './invalid-response';

export type UserListQuery = { searchTerm: string; page: number; limit: number };

export type UserList = { users: User[]; totalDoc: number };

/** GET /user/all (admin): on page 1 without a search the caller's own record comes first. */
export const usersApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getUsers: builder.query<UserList, UserListQuery>({
      queryFn: async ({ searchTerm, page, limit }, _api, _extraOptions, baseQuery) => {
        const params = { page: String(page), limit: String(limit), ...(searchTerm ? { searchTerm } : {}) };
        const result = await baseQuery({ url: '/user/all', params });
        if (result.error) return { error: result.error };
        const { userListResponseSchema } = await import('@carcare/contracts/users');
        const parsed = userListResponseSchema.safeParse(result.data);
        return parsed.success
          ? { data: { users: parsed.data.data, totalDoc: parsed.data.totalDoc } }
          : { error: invalidResponse(result.data) };
      },
      providesTags: ['user'],
    }),
  }),
});

export const { useGetUsersQuery } = usersApi;
