import type { UpdateProfileInput } from '@carcare/contracts/users';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** Only the fields that changed; email and role are never sent from here. */
export type ProfileChanges = Pick<
  UpdateProfileInput,
  'firstName' | 'lastName' | 'address' | 'phone' | 'textsAccepted' | 'reviewRequestsOff'
>;

/** PUT /user/update: the signed-in user's own name, address or phone, and the messages they take. */
const updateProfileApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateProfile: builder.mutation({
      query: (changes: ProfileChanges) => ({ url: '/user/update', method: 'PUT', body: changes }),
      // Checked on demand so that pages without forms never download the schemas.
      ...parseOnDemand(
        () => import('@carcare/contracts/users'),
        'userResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useUpdateProfileMutation } = updateProfileApi;
