import type { User } from '@carcare/contracts/users';
import { baseApi } from '@/lib/api/base-api';
import { invalidResponse } from './invalid-response';

/** PUT /user/update-profile-image: multipart field `file`; the server re-encodes it and answers with the user. */
export const updateProfileImageApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateProfileImage: builder.mutation<User, File>({
      queryFn: async (file, _api, _extraOptions, baseQuery) => {
        const body = new FormData();
        body.append('file', file);
        const result = await baseQuery({ url: '/user/update-profile-image', method: 'PUT', body });
        if (result.error) return { error: result.error };
        const { userResponseSchema } = await import('@carcare/contracts/users');
        const parsed = userResponseSchema.safeParse(result.data);
        return parsed.success ? { data: parsed.data.data } : { error: invalidResponse(result.data) };
      },
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useUpdateProfileImageMutation } = updateProfileImageApi;
