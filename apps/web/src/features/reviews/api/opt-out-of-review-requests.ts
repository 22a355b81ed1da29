import { baseApi } from '@/lib/api/base-api';

/** POST /review/requests/:token/opt-out: the link's customer is sent no more review requests. */
const optOutApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    optOutOfReviewRequests: builder.mutation<{ message: string }, string>({
      query: (token) => ({ url: `/review/requests/${encodeURIComponent(token)}/opt-out`, method: 'POST' }),
    }),
  }),
});

export const { useOptOutOfReviewRequestsMutation } = optOutApi;
