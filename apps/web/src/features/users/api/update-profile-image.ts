import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

const asMultipart = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

/** PUT /user/update-profile-image: multipart field `file`; the server re-encodes it and answers with the user. */
const updateProfileImageApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    updateProfileImage: builder.mutation({
      query: (file: File) => ({ url: '/user/update-profile-image', method: 'PUT', body: asMultipart(file) }),
      ...parseOnDemand(
        () => import('@carcare/contracts/users'),
        'userResponseSchema',
        ({ data }) => data,
      ),
      invalidatesTags: ['user'],
    }),
  }),
});

export const { useUpdateProfileImageMutation } = updateProfileImageApi;
