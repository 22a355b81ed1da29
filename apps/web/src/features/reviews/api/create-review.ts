import type { CreateReviewInput } from '@carcare/contracts/reviews';
import { baseApi } from '@/lib/api/base-api';

/** POST /review/create (signed-in); every cached review list and its stats are fetched again. */
const createReviewApi = baseApi.injectEndpoints({
  endpoints: (builder) => ({
    createReview: builder.mutation<unknown, CreateReviewInput>({
      query: (body) => ({ url: '/review/create', method: 'POST', body }),
      invalidatesTags: ['review'],
    }),
  }),
});

export const { useCreateReviewMutation } = createReviewApi;
