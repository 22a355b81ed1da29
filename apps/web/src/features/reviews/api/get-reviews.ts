import type { ReviewListQuery } from '@carcare/contracts/reviews';
import { baseApi } from '@/lib/api/base-api';
import { parseOnDemand } from '@/lib/api/parse-on-demand';

/** GET /review/get: a page of reviews, newest first, with the database's average and count per star (ADR 007). */
const reviewsApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    getReviews: builder.query({
      query: ({ page, limit }: ReviewListQuery) => ({ url: '/review/get', params: { page, limit } }),
      // Checked on demand so that the home page's first chunk carries no schema library.
      ...parseOnDemand(
        () => import('@carcare/contracts/reviews'),
        'reviewListResponseSchema',
        (response) => ({
          reviews: response.data,
          totalDoc: response.totalDoc,
          stats: response.stats,
        }),
      ),
      providesTags: ['review'],
    }),
  }),
});

export const { useGetReviewsQuery } = reviewsApi;
