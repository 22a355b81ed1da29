import type { CreateReviewInput } from '@carcare/contracts/reviews';
import { baseApi } from '@/lib/api/base-api';

type ReviewFromRequestArgs = { token: string; review: CreateReviewInput };

/** POST /review/requests/:token: the visit's one review, verified; every cached review list is fetched again. */
const reviewFromRequestApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    reviewFromRequest: builder.mutation<unknown, ReviewFromRequestArgs>({
      query: ({ token, review }) => ({
        url: `/review/requests/${encodeURIComponent(token)}`,
        method: 'POST',
        body: review,
      }),
      invalidatesTags: ['review'],
    }),
  }),
});

export const { useReviewFromRequestMutation } = reviewFromRequestApi;
