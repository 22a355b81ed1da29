import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /review/requests/:token (anyone: the link is the credential): the completed visit a review request asks about. */
const reviewRequestApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getReviewRequest: builder.query({
      query: (token: string) => `/review/requests/${encodeURIComponent(token)}`,
      ...parseOnDemand(
        () => import('@carcare/contracts/reviews'),
        'reviewRequestResponseSchema',
        (response) => response.data,
      ),
    }),
  }),
});

export const { useGetReviewRequestQuery } = reviewRequestApi;
