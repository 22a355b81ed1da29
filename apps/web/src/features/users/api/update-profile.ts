import type { UpdateProfileInput, User } from '@carcare/contracts/users';
import { baseApi } from '@/lib/api/base-api';
import { invalidResponse } from './invalid-response';

/** Only the fields that changed; email and role are never sent from here. */
export type ProfileChanges = Pick<UpdateProfileInput, 'firstName' | 'lastName' | 'address' | 'phone'>;

/** PUT /user/update: the signed-in user's own name, address or phone. */
export const updateProfileApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateProfile: builder.mutation<User, ProfileChanges>({
      queryFn: async (changes, _api, _extraOptions, baseQuery) => {
        const result = await baseQuery({ url: '/user/update', method: 'PUT', body: changes });
        if (result.error) return { error: result.error };
        // Loaded on demand so that pages without forms never download the schemas.
        const { userResponseSchema } = await import('@carcare/contracts/users');
        const parsed = userResponseSchema.safeParse(result.data);
        return parsed.success ? { data: parsed.data.data } : { error: invalidResponse(result.data) };
      },
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useUpdateProfileMutation } = updateProfileApi;
