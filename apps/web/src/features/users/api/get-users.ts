import type { UserListQuery } from '@carcare/contracts/users';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /user/all (admin): on page 1 without a search the caller's own record comes first. */
const usersApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getUsers: builder.query({
      query: ({ searchTerm, page, limit }: UserListQuery) => ({
        url: '/user/all',
        params: { page, limit, ...(searchTerm ? { searchTerm } : {}) },
      }),
      ...parseOnDemand(
        () => import('@carcare/contracts/users'),
        'userListResponseSchema',
        (response) => ({
          users: response.data,
          totalDoc: response.totalDoc,
        }),
      ),
      providesTags: ['user'],
    }),
  }),
});

export const { useGetUsersQuery } = usersApi;
